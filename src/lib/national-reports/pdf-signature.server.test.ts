/**
 * The portal's signature check against an independent verifier (decision 056): poppler's pdfsig
 * reads the same files, signed by a throw-away authority or tampered with, and both must agree
 * on whether the signature holds and whether the whole file is signed. Skipped, and said so,
 * where poppler-utils is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { inspectPdf } from './pdf-check.server.ts';
import { testPdf } from '../../../tests/support/pdf.ts';
import {
  appendIncrementalUpdate,
  signedTestPdf,
  tamperInsideSignedRange,
  testAuthority,
  testSigner,
  withByteRange,
} from '../../../tests/support/signed-pdf.ts';

const hasPdfsig = spawnSync('pdfsig', ['-v']).status === 0;
const folder = mkdtempSync(join(tmpdir(), 'pdfsig-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What pdfsig says of a file: whether the signature is valid, and whether it covers the whole document. */
function pdfsig(bytes: Uint8Array, name: string): { valid: boolean; total: boolean; output: string } {
  const path = join(folder, `${name}.pdf`);
  writeFileSync(path, bytes);
  // -nocert: pdfsig has no certificate database here; the chain is the portal's own check.
  const run = spawnSync('pdfsig', ['-nocert', path], { encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  return {
    valid: /Signature Validation: Signature is Valid\./.test(output),
    total: /Total document signed/.test(output),
    output,
  };
}

const root = await testAuthority({ cn: 'Cross-check Root CA', c: 'TH' });
const rsa = await testSigner(root, { cn: 'RSA signer', o: 'Ministry', c: 'TH' });
const good = await signedTestPdf(rsa);
const FILES: [string, () => Promise<Uint8Array>, { status: string; changed: boolean | null }][] = [
  ['signed (RSA, SHA-256)', async () => good, { status: 'valid_unverified_signer', changed: false }],
  [
    'signed (RSA-PSS, SHA-384)',
    async () =>
      signedTestPdf(await testSigner(root, { cn: 'PSS' }, { kind: 'RSA-PSS', hash: 'SHA-384' }), { hash: 'SHA-384' }),
    { status: 'valid_unverified_signer', changed: false },
  ],
  [
    'signed (ECDSA, SHA-512)',
    async () =>
      signedTestPdf(await testSigner(root, { cn: 'EC' }, { kind: 'ECDSA', hash: 'SHA-512' }), { hash: 'SHA-512' }),
    { status: 'valid_unverified_signer', changed: false },
  ],
  [
    'signed (RSA, SHA-1)',
    async () => signedTestPdf(await testSigner(root, { cn: 'Old' }, { kind: 'RSA', hash: 'SHA-1' }), { hash: 'SHA-1' }),
    { status: 'valid_unverified_signer', changed: false },
  ],
  [
    'an incremental update after signing',
    async () => appendIncrementalUpdate(good),
    { status: 'valid_unverified_signer', changed: true },
  ],
  [
    'one byte changed inside the signed range',
    async () => tamperInsideSignedRange(good),
    { status: 'invalid', changed: null },
  ],
  [
    'the ByteRange rewritten to [0 100 200 300]',
    async () => withByteRange(good, [0, 100, 200, 300]),
    { status: 'invalid', changed: null },
  ],
  [
    'the fake-signature fixture',
    async () => new Uint8Array(readFileSync(new URL('../../../tests/fixtures/fake-signature.pdf', import.meta.url))),
    { status: 'invalid', changed: null },
  ],
  [
    'a signature field that merely records a name',
    async () => testPdf({ signature: { name: 'Minister of Anything' } }),
    { status: 'invalid', changed: null },
  ],
];

describe.skipIf(!hasPdfsig)('the portal and pdfsig agree', () => {
  test.each(FILES)('%s', async (name, make, expected) => {
    const bytes = await make();
    const ours = (await inspectPdf(bytes, [])).signature;
    expect(ours).toMatchObject({ status: expected.status, changed_after_signing: expected.changed });
    const theirs = pdfsig(bytes, name.replace(/\W+/g, '-'));
    expect(theirs.valid, theirs.output).toBe(expected.status !== 'invalid');
    if (expected.status !== 'invalid') expect(theirs.total, theirs.output).toBe(!expected.changed);
  });
});
