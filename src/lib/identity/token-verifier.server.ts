import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { unauthorized } from '../http/errors.server.ts';

export interface VerifiedToken {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  /** Seconds since the epoch when the user last signed in. */
  authTime: number;
  /** Seconds since the epoch when the token expires. */
  expires: number;
  provider: string | undefined;
}

interface AccountState {
  disabled: boolean;
  /** Milliseconds; tokens from sign-ins before it are revoked. */
  validSince: number;
}

const TOKEN_CACHE_MAX = 20_000;

/**
 * Verifies Firebase ID tokens and checks revocation on every request. A token's signature is
 * checked once and remembered until it expires; the account lookup that tells revocation is
 * shared by the requests that arrive while one is under way, so a burst costs one lookup.
 */
export class TokenVerifier {
  readonly #auth: Auth;
  readonly #decoded = new Map<string, VerifiedToken>();
  readonly #lookups = new Map<string, Promise<AccountState | null>>();

  constructor(auth: Auth) {
    this.#auth = auth;
  }

  get auth(): Auth {
    return this.#auth;
  }

  /** Returns the verified token or throws a 401 saying why it was refused. */
  async verify(token: string): Promise<VerifiedToken> {
    const verified = this.#decoded.get(token) ?? (await this.#decode(token));
    if (verified.expires * 1000 <= Date.now()) {
      this.#decoded.delete(token);
      throw unauthorized('Your session has expired: sign in again');
    }
    const account = await this.#account(verified.uid);
    if (!account) throw unauthorized('This account no longer exists');
    if (account.disabled) throw unauthorized('This account has been disabled');
    if (verified.authTime * 1000 < account.validSince) throw unauthorized('This session was revoked: sign in again');
    return verified;
  }

  /** Forgets what is known of an account, e.g. after revoking its sessions. */
  forget(uid: string): void {
    this.#lookups.delete(uid);
    for (const [token, verified] of this.#decoded) if (verified.uid === uid) this.#decoded.delete(token);
  }

  async #decode(token: string): Promise<VerifiedToken> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.#auth.verifyIdToken(token, false);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code.endsWith('id-token-expired')) throw unauthorized('Your session has expired: sign in again');
      // Against the Auth emulator firebase-admin checks revocation while decoding: keep the reasons.
      if (code.endsWith('id-token-revoked')) throw unauthorized('This session was revoked: sign in again');
      if (code.endsWith('user-disabled')) throw unauthorized('This account has been disabled');
      if (code.endsWith('user-not-found')) throw unauthorized('This account no longer exists');
      throw unauthorized('The sign-in token is not valid');
    }
    const verified = toVerified(decoded);
    if (this.#decoded.size >= TOKEN_CACHE_MAX) {
      const oldest = this.#decoded.keys().next().value;
      if (oldest !== undefined) this.#decoded.delete(oldest);
    }
    this.#decoded.set(token, verified);
    return verified;
  }

  #account(uid: string): Promise<AccountState | null> {
    const pending = this.#lookups.get(uid);
    if (pending) return pending;
    const lookup = this.#auth
      .getUser(uid)
      .then(
        (user): AccountState => ({
          disabled: user.disabled,
          validSince: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : 0,
        }),
        (error: { code?: string }) => {
          if (error.code === 'auth/user-not-found') return null;
          throw error;
        },
      )
      .finally(() => {
        if (this.#lookups.get(uid) === lookup) this.#lookups.delete(uid);
      });
    this.#lookups.set(uid, lookup);
    return lookup;
  }
}

export function toVerified(decoded: DecodedIdToken): VerifiedToken {
  return {
    uid: decoded.uid,
    email: decoded.email,
    emailVerified: decoded.email_verified === true,
    authTime: decoded.auth_time,
    expires: decoded.exp,
    provider: decoded.firebase?.sign_in_provider,
  };
}
