import { z } from 'zod';
import { parseMailbox } from './mail/address.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());

/**
 * Every setting the server reads, checked once at start-up. Local mode (the default) uses
 * PGlite in ./.data and the Firebase Auth emulator; setting FIREBASE_PROJECT_ID to a real
 * project (not `demo-…`) plus DATABASE_URL switches to production mode.
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    FIREBASE_PROJECT_ID: z
      .string()
      .regex(/^[a-z0-9-]{4,30}$/, 'must be a Firebase project id such as demo-apua')
      .default('demo-apua'),
    FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
    FIREBASE_AUTH_DOMAIN: optionalString,
    FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
        .optional(),
    ),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of emails'))),
    TOKEN_SYNC_URL: z.string().default('/api/auth/session'),
    SITE_DIR: z.string().default('./site-builds'),
    /**
     * The command that builds the public site into $SITE_OUT_DIR, as a JSON array of arguments,
     * instead of Astro's build and the search index (tests and benchmarks start instances with a
     * small stand-in).
     */
    SITE_BUILD_COMMAND: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value, ctx) => {
          try {
            const parsed: unknown = JSON.parse(value);
            if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((part) => typeof part === 'string'))
              return parsed as string[];
          } catch {
            // Said below.
          }
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of strings, e.g. ["node","build.mjs"]' });
          return z.NEVER;
        })
        .optional(),
    ),
    /**
     * How the live site's files are compressed: `full` (brotli quality 11, the default) or `quick`
     * (quality 5: bodies about a fifth larger for a thirtieth of the CPU; the browser tests).
     */
    SITE_COMPRESSION: z.enum(['full', 'quick']).default('full'),
    /**
     * The address people reach the portal at: the links of emails start with it. Unset, the
     * address this server serves on (`http://localhost:$PORT`), which only suits local mode.
     */
    PUBLIC_SITE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'must be the public address of the portal, e.g. https://urbanagenda.example.org' })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    /** Create the demo accounts; by default only with the local emulator, never in a real project. */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    /**
     * How many reverse proxies in front of the server append to X-Forwarded-For: the client's
     * address is the one that many entries from the right. `false`/0: none (the socket's
     * address); `true` is kept for compatibility and means 1.
     */
    TRUST_PROXY: z.preprocess(
      (value) => {
        const text = typeof value === 'string' ? value.trim() : value;
        return text === undefined || text === '' || text === 'false' ? '0' : text === 'true' ? '1' : text;
      },
      z.coerce
        .number({ error: 'must be a number of proxies (0-10), or true/false' })
        .int('must be a whole number of proxies (0-10), or true/false')
        .min(0, 'must be a number of proxies (0-10), or true/false')
        .max(10, 'must be a number of proxies (0-10), or true/false'),
    ),
    /**
     * Seconds an account lookup in the identity service (revoked sessions, disabled account) is
     * reused; what the portal itself does to an account applies at once all the same.
     */
    AUTH_STATE_TTL_S: z.coerce
      .number({ error: 'must be a number of seconds (0-3600)' })
      .int('must be a whole number of seconds (0-3600)')
      .min(0, 'must be a number of seconds (0-3600)')
      .max(3600, 'must be a number of seconds (0-3600)')
      .default(30),
    /** Key of the hashes that stand for contact-form senders' IP addresses (default: a file in DATA_DIR). */
    CLIENT_HASH_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /** Where emails go (smtp://user:pass@host:587, smtps://…); unset in local mode, where `npm start` runs a sink. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
        .optional(),
    ),
    /** The sender of the portal's emails. */
    MAIL_FROM: z
      .string()
      .refine(
        (line) => parseMailbox(line) !== null,
        'must be one address, e.g. "Asia-Pacific Urban Agenda" <no-reply@apua.example>',
      )
      .default('"Asia-Pacific Urban Agenda" <no-reply@apua.example>'),
    /**
     * Uploads go to this S3-compatible bucket when set (credentials: the AWS SDK's standard variables); else
     * DATA_DIR/uploads.
     */
    S3_BUCKET: optionalString,
    /**
     * The bucket service's address for services other than AWS (MinIO, R2, Google Cloud Storage's interoperability
     * endpoint).
     */
    S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'must be a URL such as https://storage.googleapis.com' }).optional(),
    ),
    S3_REGION: optionalString,
    /** A folder of the bucket for this portal's files (several portals can share one bucket). */
    S3_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/, 'must be a folder name such as apua/prod')
        .optional(),
    ),
    /** `/metrics` answers only requests that carry this token (Authorization: Bearer …); unset, it is closed. */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_REQUESTS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  })
  .superRefine((env, ctx) => {
    const demoProject = env.FIREBASE_PROJECT_ID.startsWith('demo-');
    if (!demoProject && env.FIREBASE_AUTH_EMULATOR_HOST === undefined && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'production mode (a real FIREBASE_PROJECT_ID) needs DATABASE_URL for PostgreSQL',
      });
    }
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? usesAuthEmulator(env),
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`,
    /** Whether PUBLIC_SITE_URL was given, or is the local default. */
    PUBLIC_SITE_URL_SET: env.PUBLIC_SITE_URL !== undefined,
  }));

export type Env = z.output<typeof EnvSchema>;

/** True when the identity service is the local Auth emulator rather than a real project. */
export function usesAuthEmulator(env: {
  FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
  FIREBASE_PROJECT_ID: string;
}): boolean {
  return env.FIREBASE_AUTH_EMULATOR_HOST !== undefined || env.FIREBASE_PROJECT_ID.startsWith('demo-');
}

export class EnvError extends Error {}

/** Parses the environment, throwing one error that names every bad or missing value. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration in environment variables:\n${lines.join('\n')}`);
}

/**
 * Settings that are valid but probably wrong for where the server runs, in words for the operator
 * (printed at start, issue 32): a production server without PUBLIC_SITE_URL sends emails whose
 * links lead to localhost.
 */
export function configurationWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (!usesAuthEmulator(env) && !env.PUBLIC_SITE_URL_SET) {
    warnings.push(
      `PUBLIC_SITE_URL is not set: the links in emails lead to ${env.PUBLIC_SITE_URL}. Set it to the portal's ` +
        `public address.`,
    );
  }
  return warnings;
}

/** For commands: the parsed environment, or the message naming every bad value and exit code 1. */
export function parseEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
}
