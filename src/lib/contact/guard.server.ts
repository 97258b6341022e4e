import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env.server.ts';
import { LruCache } from '../http/lru-cache.server.ts';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_MS } from './schema.ts';

export interface ContactGuardOptions {
  /** Key of the client hash: the same client gets the same hash while the key stays the same. */
  secret: string;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY): the client
   * is the entry that many from the right. 0: the socket's address, X-Forwarded-For ignored.
   */
  trustProxy: number;
  limit?: number;
  windowMs?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Who is sending a contact message, and whether they may send another. The client is the socket's
 * address (or, with TRUST_PROXY, the address the outermost proxy saw), kept only as a keyed hash. IPv6
 * clients count per /64 network, which one household or server usually holds whole.
 */
export class ContactGuard {
  readonly #secret: string;
  readonly #trustProxy: number;
  readonly #limit: number;
  readonly #windowMs: number;
  /** Send times per client hash within the window; bounded, so a flood of clients cannot grow it. */
  readonly #sent = new LruCache<string, number[]>(50_000);

  constructor(options: ContactGuardOptions) {
    this.#secret = options.secret;
    this.#trustProxy = options.trustProxy;
    this.#limit = options.limit ?? CONTACT_RATE_LIMIT;
    this.#windowMs = options.windowMs ?? CONTACT_RATE_WINDOW_MS;
  }

  /** The keyed hash of the request's client. */
  clientHash(c: Context): string {
    const key = clientKey(this.#clientAddress(c));
    return createHmac('sha256', this.#secret).update(key).digest('hex').slice(0, 32);
  }

  /** Counts one message of `client`, unless it already sent its allowance in the window. */
  take(client: string, now = Date.now()): RateDecision {
    const recent = (this.#sent.get(client) ?? []).filter((at) => at > now - this.#windowMs);
    if (recent.length >= this.#limit) {
      this.#sent.set(client, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + this.#windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.#sent.set(client, recent);
    return { allowed: true };
  }

  #clientAddress(c: Context): string | null {
    if (this.#trustProxy > 0) {
      const forwarded = forwardedClient(c.req.header('x-forwarded-for'), this.#trustProxy);
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? null;
    } catch {
      // No socket behind the request (app.request() in tests, or a non-Node adapter).
      return null;
    }
  }
}

/**
 * The client's address in an X-Forwarded-For header to which `hops` proxies appended: the entry
 * `hops` places from the right (what the outermost proxy saw). Entries left of it are whatever
 * the client sent and are never trusted. With fewer entries, the leftmost (as Express does);
 * null when that entry is not an IP address.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(',').map((entry) => entry.trim());
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry && isIP(entry) ? entry : null;
}

/** What identifies a client: an IPv4 address, or the /64 network of an IPv6 address. */
export function clientKey(address: string | null): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The key of client hashes: CLIENT_HASH_SECRET, or a random one kept in DATA_DIR so hashes stay
 * comparable across restarts. Several servers behind one proxy must share CLIENT_HASH_SECRET.
 */
export function clientHashSecret(env: Env): string {
  if (env.CLIENT_HASH_SECRET) return env.CLIENT_HASH_SECRET;
  const file = join(env.DATA_DIR, 'client-hash-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote one first: use that.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
