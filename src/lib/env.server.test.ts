import { describe, expect, test } from 'vitest';
import { configurationWarnings, EnvError, parseEnv, usesAuthEmulator } from './env.server.ts';

function parseError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('parseEnv accepted the environment');
}

describe('parseEnv', () => {
  test('defaults describe local mode', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4321,
      HOST: '0.0.0.0',
      FIREBASE_PROJECT_ID: 'demo-apua',
      ADMIN_EMAILS: [],
      TOKEN_SYNC_URL: '/api/auth/session',
      SEED_DEMO: true,
      LOG_REQUESTS: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(usesAuthEmulator(env)).toBe(true);
  });

  test('PUBLIC_SITE_URL defaults to the port served on; a production server without it is warned about', () => {
    expect(parseEnv({}).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(parseEnv({ PORT: '5123' }).PUBLIC_SITE_URL).toBe('http://localhost:5123');
    expect(parseEnv({ PUBLIC_SITE_URL: 'https://urbanagenda.example.org/' }).PUBLIC_SITE_URL).toBe(
      'https://urbanagenda.example.org',
    );
    expect(parseError({ PUBLIC_SITE_URL: 'urbanagenda' })).toContain(
      '- PUBLIC_SITE_URL: must be the public address of the portal',
    );
    expect(configurationWarnings(parseEnv({}))).toEqual([]);
    const production = { FIREBASE_PROJECT_ID: 'apua-prod', DATABASE_URL: 'postgres://db/apua', PORT: '8080' };
    expect(configurationWarnings(parseEnv(production))).toEqual([
      "PUBLIC_SITE_URL is not set: the links in emails lead to http://localhost:8080. Set it to the portal's " +
        'public address.',
    ]);
    expect(
      configurationWarnings(parseEnv({ ...production, PUBLIC_SITE_URL: 'https://urbanagenda.example.org' })),
    ).toEqual([]);
  });

  test.each(['abc', '0', '70000', '80.5'])('PORT=%s is refused, naming PORT', (port) => {
    expect(parseError({ PORT: port })).toMatch(/^Invalid configuration in environment variables:\n {2}- PORT: /);
  });

  test('TRUST_PROXY is off unless set; CLIENT_HASH_SECRET must be long enough', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseError({ TRUST_PROXY: 'yes' })).toContain('- TRUST_PROXY: must be a number of proxies');
    expect(parseError({ TRUST_PROXY: '-1' })).toContain('- TRUST_PROXY:');
    expect(parseError({ TRUST_PROXY: '1.5' })).toContain('- TRUST_PROXY:');
    expect(parseEnv({ CLIENT_HASH_SECRET: '' }).CLIENT_HASH_SECRET).toBeUndefined();
    expect(parseError({ CLIENT_HASH_SECRET: 'short' })).toContain(
      '- CLIENT_HASH_SECRET: must be at least 16 characters',
    );
  });

  test('PORT is read as a number', () => {
    expect(parseEnv({ PORT: '8080' }).PORT).toBe(8080);
  });

  test.each(['mysql://db/portal', 'localhost:5432', 'postgres:/x'])('DATABASE_URL=%s is refused, naming it', (url) => {
    expect(parseError({ DATABASE_URL: url })).toContain('- DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  test('DATABASE_URL accepts postgres:// and postgresql://; empty means unset', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db');
    expect(parseEnv({ DATABASE_URL: 'postgresql://u@h/db' }).DATABASE_URL).toBe('postgresql://u@h/db');
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  test('ADMIN_EMAILS is a comma-separated list, trimmed and lower-cased', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Boss@Example.org, second@example.org ,,' }).ADMIN_EMAILS).toEqual([
      'boss@example.org',
      'second@example.org',
    ]);
  });

  test('ADMIN_EMAILS with something that is not an email is refused', () => {
    expect(parseError({ ADMIN_EMAILS: 'boss@example.org, not-an-email' })).toContain(
      'ADMIN_EMAILS must be a comma-separated list of emails',
    );
  });

  test('MAIL_FROM names one sender, with or without a name; a list, a bare name or a broken line is refused', () => {
    for (const line of [
      '"Asia-Pacific Urban Agenda" <no-reply@apua.example>',
      'no-reply@apua.example',
      '"UN-Habitat \\\\ ESCAP" <a@b.example>',
    ]) {
      expect(parseEnv({ MAIL_FROM: line }).MAIL_FROM).toBe(line);
    }
    for (const line of [
      'a@b.example, c@d.example',
      'Asia-Pacific Urban Agenda',
      '"Jose Reyes \\" <member"@apua.example',
    ]) {
      expect(parseError({ MAIL_FROM: line })).toContain('MAIL_FROM: must be one address');
    }
  });

  test('production mode without DATABASE_URL names the field', () => {
    const message = parseError({ FIREBASE_PROJECT_ID: 'apua-portal' });
    expect(message).toContain('- DATABASE_URL: production mode (a real FIREBASE_PROJECT_ID) needs DATABASE_URL');
  });

  test('production mode with DATABASE_URL, or a real project against an emulator, is accepted', () => {
    const production = parseEnv({ FIREBASE_PROJECT_ID: 'apua-portal', DATABASE_URL: 'postgres://u@h/db' });
    expect(usesAuthEmulator(production)).toBe(false);
    const emulated = parseEnv({ FIREBASE_PROJECT_ID: 'apua-portal', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(usesAuthEmulator(emulated)).toBe(true);
  });

  test('every bad value is named in one error', () => {
    const message = parseError({
      PORT: 'x',
      FIREBASE_PROJECT_ID: 'Bad Project',
      FIREBASE_AUTH_EMULATOR_HOST: 'nohostport',
      SEED_DEMO: 'maybe',
    });
    for (const field of ['PORT', 'FIREBASE_PROJECT_ID', 'FIREBASE_AUTH_EMULATOR_HOST', 'SEED_DEMO']) {
      expect(message).toContain(`- ${field}: `);
    }
  });

  test('boolean switches accept true/false/1/0', () => {
    expect(parseEnv({ SEED_DEMO: '0', LOG_REQUESTS: 'false' })).toMatchObject({
      SEED_DEMO: false,
      LOG_REQUESTS: false,
    });
    expect(parseEnv({ SEED_DEMO: '1', LOG_REQUESTS: 'true' })).toMatchObject({ SEED_DEMO: true, LOG_REQUESTS: true });
  });

  test('demo accounts are seeded by default only against the emulator', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    const production = { FIREBASE_PROJECT_ID: 'apua-prod', DATABASE_URL: 'postgres://db/apua' };
    expect(parseEnv(production).SEED_DEMO).toBe(false);
    expect(parseEnv({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });
});
