import type { Auth, DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { usesAuthEmulator, type Env } from '../env.server.ts';
import { unauthorized } from '../http/errors.server.ts';
import { LruCache } from '../http/lru-cache.server.ts';
import { say } from '../i18n/said.ts';

export interface VerifiedToken {
  uid: string;
  email: string | undefined;
  /**
   * The token says the email is verified and so does the identity service's record of the
   * account (as last looked up): a token issued before a change of the record counts for less.
   */
  emailVerified: boolean;
  /** Seconds since the epoch when the user last signed in. */
  authTime: number;
  /** Seconds since the epoch when the token expires. */
  expires: number;
  provider: string | undefined;
}

/** What the identity service's record of an account tells about the tokens it issued. */
interface AccountState {
  disabled: boolean;
  /** Milliseconds; tokens from sign-ins before it are revoked. */
  validSince: number;
  email: string | undefined;
  emailVerified: boolean;
  /** Milliseconds; the last sign-in the service knows of (0 when unknown). */
  lastSignIn: number;
}

interface CachedState {
  state: AccountState | null;
  /** Date.now() after which the lookup is made again. */
  until: number;
}

export interface TokenVerifierOptions {
  /** The Firebase project: tokens must name it as audience and issuer. */
  projectId: string;
  /**
   * The identity service is the Auth emulator, whose tokens carry no signature: then a token's
   * account must exist and its email, verification and sign-in time must agree with the record.
   */
  emulator: boolean;
  /** How long an account lookup (revocation, disabled, record) is reused, in milliseconds. */
  stateTtlMs: number;
}

const TOKEN_CACHE_MAX = 20_000;
const STATE_CACHE_MAX = 20_000;
/** Tolerated difference between our clock and the identity service's, in seconds. */
export const CLOCK_SKEW_S = 60;
/** Firebase ID tokens live one hour; session cookies at most two weeks. */
const ID_TOKEN_LIFETIME_S = 60 * 60;
const SESSION_COOKIE_LIFETIME_S = 14 * 24 * 60 * 60;
const MAX_UID_LENGTH = 128;

type TokenKind = 'id token' | 'session cookie';

/**
 * Verifies Firebase ID tokens (and session cookies). A token's signature and claims are checked
 * once and remembered until it expires. The account lookup that tells revocation and disabled
 * accounts is reused for `stateTtlMs` (AUTH_STATE_TTL_S); lookups that overlap share one call.
 * What the portal itself does to an account (revokeSessions, setDisabled, deleteAccount) forgets
 * that lookup, so it applies on the very next request; a change made elsewhere (the Firebase
 * console) applies within the TTL.
 */
export class TokenVerifier {
  readonly #auth: Auth;
  readonly #options: TokenVerifierOptions;
  /** Verified claims by the token itself (its full text: an entry answers that token only). */
  readonly #decoded = new LruCache<string, VerifiedToken>(TOKEN_CACHE_MAX);
  readonly #states = new LruCache<string, CachedState>(STATE_CACHE_MAX);
  readonly #lookups = new Map<string, Promise<AccountState | null>>();
  /** Bumped per uid by forget(): a lookup started before it is not cached. */
  readonly #forgotten = new Map<string, number>();

  constructor(auth: Auth, options: TokenVerifierOptions) {
    this.#auth = auth;
    this.#options = options;
  }

  get auth(): Auth {
    return this.#auth;
  }

  /** Returns the verified token or throws a 401 saying why it was refused. */
  async verify(token: string): Promise<VerifiedToken> {
    let claims = this.#decoded.get(token);
    if (!claims) {
      claims = await this.#decode('id token', () => this.#auth.verifyIdToken(token, false));
      this.#decoded.set(token, claims);
    }
    // A remembered token is checked again now: not expired, and its account still good.
    if (claims.expires * 1000 <= Date.now()) throw unauthorized('Your session has expired: sign in again');
    return this.#checkAccount(claims);
  }

  /** The same checks for the session cookie of plain-link downloads (token sync). */
  async verifySessionCookie(cookie: string): Promise<VerifiedToken> {
    const claims = await this.#decode('session cookie', () => this.#auth.verifySessionCookie(cookie, false));
    return this.#checkAccount(claims);
  }

  /** Revokes every session of the account; its tokens are refused from the next request on. */
  async revokeSessions(uid: string): Promise<void> {
    await this.#auth.revokeRefreshTokens(uid);
    this.forget(uid);
  }

  /** Disables (or enables again) the account in the identity service, effective at once. */
  async setDisabled(uid: string, disabled: boolean): Promise<void> {
    await this.#auth.updateUser(uid, { disabled });
    this.forget(uid);
  }

  /** Deletes the account from the identity service, effective at once. */
  async deleteAccount(uid: string): Promise<void> {
    await this.#auth.deleteUser(uid);
    this.forget(uid);
  }

  /** Forgets the account lookup of `uid`: the next request looks the account up again. */
  forget(uid: string): void {
    this.#states.delete(uid);
    this.#lookups.delete(uid);
    this.#forgotten.set(uid, (this.#forgotten.get(uid) ?? 0) + 1);
  }

  async #decode(kind: TokenKind, decode: () => Promise<DecodedIdToken>): Promise<VerifiedToken> {
    let decoded: DecodedIdToken;
    try {
      decoded = await decode();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code.endsWith('-expired')) throw unauthorized('Your session has expired: sign in again');
      // Against the Auth emulator firebase-admin looks the account up while decoding: keep the reasons.
      if (code.endsWith('-revoked')) throw unauthorized('This session was revoked: sign in again');
      if (code.endsWith('user-disabled')) throw unauthorized('This account has been disabled');
      if (code.endsWith('user-not-found')) throw unauthorized('This account no longer exists');
      throw unauthorized('The sign-in token is not valid');
    }
    const problem = claimProblem(decoded, this.#options.projectId, kind, Date.now() / 1000);
    if (problem === 'expired') throw unauthorized('Your session has expired: sign in again');
    if (problem) throw unauthorized(say('The sign-in token is not valid ({problem})', { problem }));
    return toVerified(decoded);
  }

  async #checkAccount(claims: VerifiedToken): Promise<VerifiedToken> {
    let account = await this.#account(claims.uid, false);
    // A record that disagrees with the token may be older than it (the email was verified or
    // the user signed in since the lookup): look again before judging.
    if (account && disagreement(claims, account) !== null) account = await this.#account(claims.uid, true);
    if (!account) throw unauthorized('This account no longer exists');
    if (account.disabled) throw unauthorized('This account has been disabled');
    if (claims.authTime * 1000 < account.validSince) throw unauthorized('This session was revoked: sign in again');
    if (this.#options.emulator) {
      // The emulator's tokens are unsigned: only its record of the account vouches for them.
      const problem = disagreement(claims, account);
      if (problem) throw unauthorized(say('The sign-in token does not match its account ({problem})', { problem }));
    }
    return { ...claims, emailVerified: claims.emailVerified && account.emailVerified };
  }

  /** The account's state: from the cache while its TTL lasts, else one shared lookup. */
  #account(uid: string, fresh: boolean): Promise<AccountState | null> {
    if (!fresh) {
      const cached = this.#states.get(uid);
      if (cached && cached.until > Date.now()) return Promise.resolve(cached.state);
    }
    const pending = this.#lookups.get(uid);
    if (pending) return pending;
    const epoch = this.#forgotten.get(uid) ?? 0;
    const lookup = this.#auth
      .getUser(uid)
      .then(toAccountState, (error: { code?: string }) => {
        if (error.code === 'auth/user-not-found') return null;
        throw error;
      })
      .then((state) => {
        // A lookup that overlapped forget() may predate what was forgotten: use it, keep it not.
        if ((this.#forgotten.get(uid) ?? 0) === epoch && this.#options.stateTtlMs > 0) {
          this.#states.set(uid, { state, until: Date.now() + this.#options.stateTtlMs });
        }
        return state;
      })
      .finally(() => {
        if (this.#lookups.get(uid) === lookup) this.#lookups.delete(uid);
      });
    this.#lookups.set(uid, lookup);
    return lookup;
  }
}

/** The server's verifier: the project, emulator mode and AUTH_STATE_TTL_S from the environment. */
export function tokenVerifierFor(auth: Auth, env: Env): TokenVerifier {
  return new TokenVerifier(auth, {
    projectId: env.FIREBASE_PROJECT_ID,
    emulator: usesAuthEmulator(env),
    stateTtlMs: env.AUTH_STATE_TTL_S * 1000,
  });
}

function toAccountState(user: UserRecord): AccountState {
  const lastSignIn = user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).getTime() : 0;
  return {
    disabled: user.disabled,
    validSince: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : 0,
    email: user.email,
    emailVerified: user.emailVerified,
    lastSignIn: Number.isFinite(lastSignIn) ? lastSignIn : 0,
  };
}

/** Where a token's claims and the record of its account disagree, or null when they agree. */
function disagreement(claims: VerifiedToken, account: AccountState): string | null {
  if ((claims.email ?? '').toLowerCase() !== (account.email ?? '').toLowerCase()) return 'email';
  if (claims.emailVerified && !account.emailVerified) return 'email_verified';
  // Both times come from the identity service's clock; its record keeps whole seconds.
  if (account.lastSignIn > 0 && claims.authTime * 1000 > account.lastSignIn + 1000) return 'auth_time';
  return null;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * The first claim of `decoded` that a genuine token of `projectId` could not carry at `now`
 * (seconds), 'expired' for an expired one, or null. Checked in every mode: firebase-admin leaves
 * some of these to the signature, and the Auth emulator's tokens have none.
 */
export function claimProblem(decoded: DecodedIdToken, projectId: string, kind: TokenKind, now: number): string | null {
  const raw = decoded as unknown as Record<string, unknown>;
  const { exp, iat, auth_time: authTime, aud, iss, sub } = raw;
  if (!isTime(exp)) return 'exp';
  if (exp <= now) return 'expired';
  if (!isTime(iat) || iat > now + CLOCK_SKEW_S || iat >= exp) return 'iat';
  const lifetime = kind === 'id token' ? ID_TOKEN_LIFETIME_S : SESSION_COOKIE_LIFETIME_S;
  if (exp - iat > lifetime + CLOCK_SKEW_S) return 'exp';
  if (!isTime(authTime) || authTime > now + CLOCK_SKEW_S || authTime > iat + CLOCK_SKEW_S) return 'auth_time';
  if (aud !== projectId) return 'aud';
  const issuer = kind === 'id token' ? 'https://securetoken.google.com/' : 'https://session.firebase.google.com/';
  if (iss !== `${issuer}${projectId}`) return 'iss';
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_UID_LENGTH || decoded.uid !== sub) return 'sub';
  return null;
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
