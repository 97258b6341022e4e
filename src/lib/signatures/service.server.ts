import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { countries, trustedAuthorities } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import type { Write } from '../events/change-bus.server.ts';
import { ApiError, conflict, notFound, StaleWriteError } from '../http/errors.server.ts';
import { certificateFromPem, describeCertificate } from './cms-verify.server.ts';
import { findAuthority, type AuthorityRow } from './queries.server.ts';
import type { TrustedAuthority } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The writes of the trusted certificate authorities (decision 056): added and removed by
 * administrators, each in one transaction with its audit and change event. They change no public
 * page (`site: false`): they decide how the signatures of reports uploaded afterwards are shown.
 */

const PEM_PROBLEM =
  'must be one certificate in PEM form, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----';

export interface AddAuthority {
  pem: string;
  countryCode: string | null;
  note: string | null;
  actorId: number | null;
  demo?: boolean;
}

/** The row an added PEM becomes, or a 400/422 saying why it cannot be trusted. */
function rowOf(input: AddAuthority): typeof trustedAuthorities.$inferInsert {
  const certificate = certificateFromPem(input.pem);
  if (!certificate)
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'pem' }), {
      pem: [PEM_PROBLEM],
    });
  const facts = describeCertificate(certificate);
  if (!facts.authority) {
    throw new ApiError(
      422,
      'This certificate is not a certificate authority’s: add the certificate of the authority that issues the ' +
        'signers’ certificates',
      {
        pem: ['is not a certificate authority'],
      },
    );
  }
  const der = Buffer.from(certificate.toSchema().toBER(false));
  return {
    countryCode: input.countryCode,
    name: facts.subject.name ?? facts.subject.organisation ?? 'Certificate authority',
    subject: facts.subject,
    pem: input.pem.trim(),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    notBefore: facts.notBefore,
    notAfter: facts.notAfter,
    note: input.note,
    demo: input.demo ?? false,
    createdBy: input.actorId,
  };
}

async function record(
  w: Write,
  actorId: number | null,
  action: 'create' | 'delete',
  before: AuthorityRow | null,
  after: AuthorityRow | null,
): Promise<void> {
  const row = (after ?? before)!;
  const shown = (r: AuthorityRow | null) =>
    r && {
      name: r.name,
      country_code: r.countryCode,
      fingerprint: r.fingerprint,
      not_after: r.notAfter.toISOString(),
      note: r.note,
    };
  await w.audit({
    actorId,
    entity: 'trusted_authority',
    entityId: row.uuid,
    action,
    before: shown(before),
    after: shown(after),
  });
  await w.emit({
    type: after ? 'authority.added' : 'authority.removed',
    data: { uuid: row.uuid, country: row.countryCode },
    actorId,
    site: false,
  });
}

/** Trusts a certificate authority for the region or one country; the same certificate twice for one scope is a 409. */
export async function addAuthority(deps: AppDeps, input: AddAuthority): Promise<TrustedAuthority> {
  const values = rowOf(input);
  const uuid = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    if (input.countryCode) {
      const [country] = await tx
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, input.countryCode));
      if (!country)
        throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'country_code' }), {
          country_code: ['is not a country of the portal'],
        });
    }
    const scope = input.countryCode
      ? eq(trustedAuthorities.countryCode, input.countryCode)
      : isNull(trustedAuthorities.countryCode);
    const [inserted] = await tx.insert(trustedAuthorities).values(values).onConflictDoNothing().returning();
    if (!inserted) {
      const [existing] = await tx
        .select({ name: trustedAuthorities.name })
        .from(trustedAuthorities)
        .where(and(eq(trustedAuthorities.fingerprint, values.fingerprint), scope));
      const name = existing?.name ?? values.name;
      throw conflict(
        input.countryCode
          ? say('{name} is already trusted for {country}', { name, country: input.countryCode })
          : say('{name} is already trusted for the whole region', { name }),
      );
    }
    await record(w, input.actorId, 'create', null, inserted);
    return inserted.uuid;
  });
  return (await findAuthority(deps.db, uuid))!;
}

/** Stops trusting an authority that is still at `version`; signatures checked before keep their result. */
export async function removeAuthority(
  deps: AppDeps,
  input: { uuid: string; version: number; actorId: number },
): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    const [gone] = await w.tx
      .delete(trustedAuthorities)
      .where(and(eq(trustedAuthorities.uuid, input.uuid), eq(trustedAuthorities.version, input.version)))
      .returning();
    if (!gone) {
      const current = await findAuthority(w.tx, input.uuid);
      if (!current) throw notFound('There is no trusted certificate authority with this id');
      throw new StaleWriteError(current);
    }
    await record(w, input.actorId, 'delete', gone, null);
  });
}

/**
 * The demonstration's own certificate authority, trusted for the region (npm start's seed, no
 * one's action: no audit). Its private key is never kept, so nothing else can be signed with it.
 */
export async function seedDemoAuthority(db: Db, pem: string): Promise<void> {
  await db
    .insert(trustedAuthorities)
    .values(
      rowOf({
        pem,
        countryCode: null,
        note: 'Made for the demonstration data: not a real certificate authority',
        actorId: null,
        demo: true,
      }),
    )
    .onConflictDoNothing();
}
