/**
 * The certificate authorities administrators trust for report signatures (issue 31, item 4;
 * decision 056): the endpoint × role matrix, then adding, refusing and removing them, with their
 * versions and audit. The certificates are made here by throw-away authorities.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditEvents } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import {
  TrustedAuthorityListResponseSchema,
  TrustedAuthorityResponseSchema,
  type TrustedAuthority,
} from '../../src/lib/signatures/schema.ts';
import { addAuthority } from '../../src/lib/signatures/service.server.ts';
import { certificatePem, generateKeys, makeCertificate } from '../../src/lib/signatures/certificates.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { testAuthority } from '../support/signed-pdf.ts';

const StrictList = deepStrict(TrustedAuthorityListResponseSchema);
const StrictItem = deepStrict(TrustedAuthorityResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const ctx = await createTestContext();
const admin = await createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Tanaka' });

// Authorities for the delete matrix: each allowed request removes the next one.
const doomed: TrustedAuthority[] = [];
for (let i = 0; i < 20; i++) {
  doomed.push(
    await addAuthority(ctx.deps, {
      pem: (await testAuthority({ cn: `Doomed CA ${i}`, c: 'TH' })).pem,
      countryCode: null,
      note: null,
      actorId: null,
    }),
  );
}
let nextDoomed = 0;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/trusted-authority/list',
    path: () => '/api/trusted-authority/list',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictList,
  },
  {
    method: 'POST',
    label: '/api/trusted-authority/create',
    path: () => '/api/trusted-authority/create',
    // A new authority for every request, so that each allowed one is created (201).
    json: async () => ({ pem: (await testAuthority({ cn: 'Matrix CA', c: 'TH' })).pem, country_code: 'TH' }),
    expected: allow(...ADMIN_LEVEL),
    status: 201,
    schema: StrictItem,
  },
  {
    method: 'POST',
    label: '/api/trusted-authority/delete/{uuid}',
    path: () => `/api/trusted-authority/delete/${doomed[nextDoomed++]!.uuid}`,
    json: () => ({ version: 1 }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictGeneric,
  },
]);

const create = (body: unknown, headers: Record<string, string> = {}) =>
  ctx.request('/api/trusted-authority/create', { token: admin.token, json: body, headers });
const list = async () =>
  (await expectJson(await ctx.request('/api/trusted-authority/list', { token: admin.token }), 200, StrictList)).data;

describe('adding an authority', () => {
  test('for the region: what the certificate says of itself, who added it, version 1, audited', async () => {
    const authority = await testAuthority({ cn: 'Regional Trust Root', o: 'Asia-Pacific Trust', c: 'SG' });
    const body = await expectJson(
      await create({ pem: authority.pem, note: 'Given by the secretariat’s IT team' }),
      201,
      StrictItem,
    );
    expect(body.message).toBe('Certificate authority trusted');
    expect(body.data).toMatchObject({
      country_code: null,
      name: 'Regional Trust Root',
      subject: { name: 'Regional Trust Root', organisation: 'Asia-Pacific Trust', country: 'SG' },
      note: 'Given by the secretariat’s IT team',
      demo: false,
      version: 1,
      created_by: { id: admin.id, name: 'Aiko Tanaka' },
    });
    expect(body.data.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(body.data.not_after).getTime()).toBeGreaterThan(Date.now());
    expect((await list()).find((a) => a.uuid === body.data.uuid)).toEqual(body.data);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'trusted_authority'), eq(auditEvents.entityId, body.data.uuid)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'create',
      before: null,
      after: { name: 'Regional Trust Root', country_code: null },
    });
  });

  test('the same certificate twice for one scope is a 409; for another country it is another entry', async () => {
    const authority = await testAuthority({ cn: 'Philippine Root', c: 'PH' });
    await expectJson(await create({ pem: authority.pem, country_code: 'ph' }), 201, StrictItem);
    await expectError(await create({ pem: authority.pem, country_code: 'PH' }), 409, {
      message: /^Philippine Root is already trusted for PH$/,
    });
    const region = await expectJson(await create({ pem: authority.pem }), 201, StrictItem);
    expect(region.data.country_code).toBeNull();
    await expectError(await create({ pem: authority.pem, country_code: null }), 409, {
      message: /already trusted for the whole region/,
    });
  });

  test(
    'refusals: not a PEM certificate, two at once, a signer’s (not an authority’s) certificate, an unknown ' +
      'country',
    async () => {
      await expectError(await create({ pem: 'hello' }), 400, { fields: ['pem'] });
      await expectError(
        await create({ pem: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----' }),
        400,
        { fields: ['pem'] },
      );
      const one = await testAuthority({ cn: 'One', c: 'TH' });
      const two = await testAuthority({ cn: 'Two', c: 'TH' });
      await expectError(await create({ pem: one.pem + two.pem }), 400, { fields: ['pem'] });
      const keys = await generateKeys('ECDSA', 'SHA-256');
      const leaf = await makeCertificate({ subject: { cn: 'A signer', c: 'TH' }, keys, issuer: one, authority: false });
      const refused = await create({ pem: certificatePem(leaf) });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        message: expect.stringMatching(/^This certificate is not a certificate authority’s/),
        errors: { pem: ['is not a certificate authority'] },
      });
      await expectError(await create({ pem: one.pem, country_code: 'ZZ' }), 400, { fields: ['country_code'] });
      await expectError(await create({ pem: 'x'.repeat(20_001) }), 400, { fields: ['pem'] });
      await expectError(await create({}), 400, { fields: ['pem'] });
    },
  );

  test('refusals in the administrator’s language', async () => {
    const response = await create({ pem: 'hello' }, { 'Accept-Language': 'ru' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors['pem']?.[0]).toMatch(
      /^должен содержать один сертификат в формате PEM/,
    );
  });
});

describe('removing an authority', () => {
  test(
    'needs the version read: none is 428, a stale one 409 with the authority as it is; then it is gone and ' +
      'audited',
    async () => {
      const added = (
        await expectJson(
          await create({ pem: (await testAuthority({ cn: 'Removed CA', c: 'TH' })).pem, country_code: 'TH' }),
          201,
          StrictItem,
        )
      ).data;
      const path = `/api/trusted-authority/delete/${added.uuid}`;
      expect((await ctx.request(path, { method: 'POST', token: admin.token })).status).toBe(428);
      const stale = await ctx.request(path, { token: admin.token, json: { version: 2 } });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as { current: TrustedAuthority }).current).toMatchObject({
        uuid: added.uuid,
        version: 1,
      });
      const done = await expectJson(
        await ctx.request(path, { method: 'POST', token: admin.token, headers: { 'If-Match': '"1"' } }),
        200,
        StrictGeneric,
      );
      expect(done.message).toBe('The certificate authority is no longer trusted');
      expect((await list()).some((a) => a.uuid === added.uuid)).toBe(false);
      await expectError(await ctx.request(path, { token: admin.token, json: { version: 1 } }), 404);
      await expectError(
        await ctx.request('/api/trusted-authority/delete/not-a-uuid', { token: admin.token, json: { version: 1 } }),
        400,
        { fields: ['uuid'] },
      );
      const [audit] = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'trusted_authority'),
            eq(auditEvents.entityId, added.uuid),
            eq(auditEvents.action, 'delete'),
          ),
        );
      expect(audit).toMatchObject({
        actorId: admin.id,
        after: null,
        before: { name: 'Removed CA', country_code: 'TH' },
      });
    },
  );
});

test('the list: the region’s authorities first, then by country', async () => {
  const all = await list();
  const firstCountry = all.findIndex((a) => a.country_code !== null);
  expect(firstCountry).toBeGreaterThan(0);
  expect(all.slice(firstCountry).every((a) => a.country_code !== null)).toBe(true);
});
