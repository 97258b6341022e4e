import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, users } from '../../src/lib/db/schema.ts';
import { PHOTO_MAX_BYTES, PHOTO_SIZE_PX, PhotoResponseSchema, WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { storedBytes, storedNames } from '../support/stored-files.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictPhoto = deepStrict(PhotoResponseSchema);
const ctx = await createTestContext();
const square = await makeImage('png', 64, 64);

const ACTIVE = allow('tuxuri', 'admin', 'stateAdmin', 'stateMember', 'noRole');

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/user/photo',
    path: () => '/api/user/photo',
    body: () => uploadForm(square),
    expected: ACTIVE,
    schema: StrictPhoto,
  },
  { method: 'DELETE', label: '/api/user/photo', path: () => '/api/user/photo', expected: ACTIVE, schema: StrictPhoto },
]);

let member: TestUser;
beforeAll(async () => {
  member = await createUser(ctx, { role: 'state_member', country: 'PH' });
});

const upload = (body: BodyInit, token = member.token) =>
  ctx.request('/api/user/photo', { method: 'POST', token, body });
const photoOf = async (user: TestUser) =>
  (await ctx.deps.db.select({ photo: users.photo }).from(users).where(eq(users.id, user.id)))[0]!.photo;
const filesOf = (user: TestUser) => storedNames(ctx.deps.storage, `users/${user.uuid}`);

describe('POST /api/user/photo', () => {
  test('re-encodes any accepted image to one square WebP, shown by whoami, and audits the change', async () => {
    const jpeg = await makeImage('jpeg', 1200, 800, { comment: 'secret camera note' });
    const { data } = await expectJson(
      await upload(uploadForm(jpeg, { name: 'me.jpg', type: 'image/jpeg' })),
      200,
      StrictPhoto,
    );
    expect(data.photo).toMatch(new RegExp(`^/uploads/users/${member.uuid}/[0-9a-f]{16}-${PHOTO_SIZE_PX}\\.webp$`));
    const stored = await sharp(await storedBytes(ctx.deps.storage, data.photo!)).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual([
      'webp',
      PHOTO_SIZE_PX,
      PHOTO_SIZE_PX,
      undefined,
    ]);

    const whoami = await expectJson(await ctx.request('/api/whoami', { token: member.token }), 200, WhoamiSchema);
    expect(whoami.photo).toBe(data.photo);
    const served = await ctx.request(data.photo!);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, member.uuid)));
    expect(events.at(-1)).toMatchObject({ actorId: member.id, action: 'photo.update', after: { photo: data.photo } });
  });

  test('a new photo replaces the old file; removing it clears the row and the file', async () => {
    const first = (await expectJson(await upload(uploadForm(await makeImage('png', 300, 300))), 200, StrictPhoto)).data
      .photo!;
    const second = (await expectJson(await upload(uploadForm(await makeImage('webp', 500, 400))), 200, StrictPhoto))
      .data.photo!;
    expect(second).not.toBe(first);
    expect(await filesOf(member)).toEqual([second.split('/').at(-1)]);
    const removed = await ctx.request('/api/user/photo', { method: 'DELETE', token: member.token });
    expect((await expectJson(removed, 200, StrictPhoto)).data.photo).toBeNull();
    expect(await photoOf(member)).toBeNull();
    expect(await filesOf(member)).toEqual([]);
  });

  test(
    'refuses what is not an image, damaged images and ' + 'oversized uploads, naming the problem; the photo stays',
    async () => {
      await expectJson(await upload(uploadForm(square)), 200, StrictPhoto);
      const before = await photoOf(member);
      await expectError(
        await upload(
          uploadForm(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), { name: 'x.png' }),
        ),
        415,
        {
          message: /not a JPEG, PNG or WebP/,
        },
      );
      const truncated = (await makeImage('png', 400, 400)).subarray(0, 60);
      await expectError(await upload(uploadForm(truncated)), 400, { message: /could not be read/ });
      await expectError(await upload(uploadForm(new Uint8Array(PHOTO_MAX_BYTES + 1))), 413);
      await expectError(await upload(uploadForm(square, { field: 'photo' })), 400, { fields: ['file'] });
      expect(await photoOf(member)).toBe(before);
    },
  );

  test('each person changes only their own photo', async () => {
    const other = await createUser(ctx, { role: 'state_member', country: 'PH' });
    await expectJson(await upload(uploadForm(square), other.token), 200, StrictPhoto);
    expect((await photoOf(other))!).toContain(`/users/${other.uuid}/`);
    expect(await photoOf(member)).not.toContain(other.uuid);
  });
});
