import type { NameFacts, PdfSignature, SignatureChecks } from '../../../lib/signatures/schema.ts';
import { formatDate, formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { m } from './messages.ts';
import { signatureText } from './signed-store.ts';

/**
 * What the portal verified of a PDF's digital signature, in plain words (decision 056): shown in
 * the submission step and on the signed-report card the secretariat reviews. Only a signature
 * that holds names its signer, from its certificate; an invalid one names nobody.
 */

const TONES: Record<PdfSignature['status'], { box: string; icon: string; name: 'check' | 'alert' | 'info' }> = {
  verified: { box: 'border-emerald-300 bg-emerald-50', icon: 'text-emerald-800', name: 'check' },
  valid_unverified_signer: { box: 'border-amber-300 bg-amber-50', icon: 'text-amber-800', name: 'info' },
  invalid: { box: 'border-red-300 bg-red-50', icon: 'text-red-800', name: 'alert' },
  not_checked: { box: 'border-slate-200 bg-slate-50', icon: 'text-slate-600', name: 'info' },
};

const CHECKS = ['covers_file', 'digest_matches', 'signature_valid', 'chains_to_trusted'] as const;

/** "Aiko Tanaka, Ministry of Land, JP": the parts a certificate's name has. */
export function nameText(name: NameFacts): string {
  return [name.name, name.organisation, name.country].filter((part): part is string => !!part).join(', ');
}

function titleOf(signature: PdfSignature): string {
  const name = signature.signer ?? '';
  if (signature.status === 'verified') return m('sig.verifiedTitle', { name });
  if (signature.status === 'valid_unverified_signer') return m('sig.validTitle', { name });
  if (signature.status === 'invalid') return m('sig.invalidTitle');
  return signatureText(signature);
}

/** The sentences under the title, in the order a reader needs them. */
function sentencesOf(signature: PdfSignature): string[] {
  if (signature.status === 'not_checked') return [m('sig.notChecked')];
  if (signature.status === 'invalid')
    return [m(`sig.invalid.${signature.problem ?? 'signature'}`), m('sig.invalidNoName')];
  const out = [signature.changed_after_signing ? m('sig.changedAfter') : m('sig.unchanged')];
  if (signature.weak_algorithm) out.push(m('sig.weak'));
  if (signature.authority && !signature.weak_algorithm)
    out.push(m('sig.authority', { authority: signature.authority }));
  else if (!signature.authority) out.push(m('sig.noAuthority', { name: signature.signer ?? '' }));
  const certificate = signature.certificate;
  if (certificate) {
    out.push(
      m('sig.certificate', {
        subject: nameText(certificate.subject),
        issuer: nameText(certificate.issuer),
        from: formatDate(certificate.not_before),
        to: formatDate(certificate.not_after),
      }),
    );
  }
  if (signature.signed_at) {
    const time = formatDateTime(signature.signed_at);
    out.push(
      signature.signed_at_source === 'signed_attributes'
        ? m('sig.signedAt', { time })
        : m('sig.signedAtFile', { time }),
    );
  }
  if (certificate?.signed_within_validity === false) out.push(m('sig.outsideValidity'));
  return out;
}

function answerOf(value: boolean | null): string {
  if (value === null) return m('sig.notReached');
  return value ? m('sig.yes') : m('sig.no');
}

function CheckList({ checks, checkedAt }: { checks: SignatureChecks; checkedAt: string | null }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium text-slate-800">{m('sig.checked')}</summary>
      <dl className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5">
        {CHECKS.map((check) => (
          <div key={check} className="contents">
            <dt>{m(`sig.check.${check}`)}</dt>
            <dd className={checks[check] === false ? 'font-medium text-red-800' : 'text-slate-700'}>
              {answerOf(checks[check])}
            </dd>
          </div>
        ))}
      </dl>
      {checkedAt && <p className="mt-1 text-slate-600">{m('sig.checkedAt', { time: formatDateTime(checkedAt) })}</p>}
    </details>
  );
}

/** The check of a file's signature: its verdict as a title, what it rests on, and each check. */
export function SignatureFacts({ signature }: { signature: PdfSignature }) {
  const tone = TONES[signature.status];
  return (
    <div
      className={`flex gap-2 rounded-md border p-3 text-sm text-slate-900 ${tone.box}`}
      data-signature-status={signature.status}
    >
      <Icon name={tone.name} className={`mt-0.5 size-4 shrink-0 ${tone.icon}`} />
      <div className="min-w-0 space-y-1">
        <p>
          <strong className="break-words">{titleOf(signature)}</strong>
        </p>
        {sentencesOf(signature).map((sentence) => (
          <p key={sentence} className="break-words">
            {sentence}
          </p>
        ))}
        {signature.checks && <CheckList checks={signature.checks} checkedAt={signature.checked_at} />}
      </div>
    </div>
  );
}
