import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { SignedPdfFacts } from '../../../lib/national-reports/schema.ts';
import { formatNumber } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { TermAndValue } from '../ui/fact.tsx';
import { ui } from '../ui/styles.ts';
import { HiddenFileInput } from '../ui/image-choice.tsx';
import { FileProgress } from '../ui/progress-bar.tsx';
import { FirstPage } from './first-page.tsx';
import { m } from './messages.ts';
import { SignatureFacts } from './signature-facts.tsx';
import {
  $signed,
  chooseSigned,
  confirmUnsigned,
  discardSigned,
  formatBytes,
  needsConfirmation,
  PDF_RULES,
  submitSigned,
  type SignedStep,
} from './signed-store.ts';

const CURRENT_STEP = 'font-semibold text-brand-800';

/**
 * Submitting by signed PDF as a step of its own (decision 025): 1. choose or drop the file;
 * 2. check what the portal found in it (name, size, pages, first page, signature) and submit.
 * `replacing`: the report has a signed copy already and this one replaces it.
 */
export function SignedSubmission({ replacing }: { replacing: boolean }) {
  const step = useStore($signed);
  // Leaving the screen puts a chosen file aside (and stops a check or an upload under way).
  useEffect(() => () => discardSigned(), []);
  const reviewing = step.phase === 'review' || step.phase === 'submitting' || step.phase === 'failed';
  return (
    <section aria-labelledby="signed-submission" className={`${ui.card} border-brand-200`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 id="signed-submission" className="text-lg font-semibold text-slate-900">
          {replacing ? m('submit.titleReplace') : m('submit.title')}
        </h2>
        <ol className="flex gap-3 text-sm text-slate-600" aria-label={m('submit.steps')}>
          <li aria-current={reviewing ? undefined : 'step'} className={reviewing ? '' : CURRENT_STEP}>
            {m('submit.step1')}
          </li>
          <li aria-current={reviewing ? 'step' : undefined} className={reviewing ? CURRENT_STEP : ''}>
            {m('submit.step2')}
          </li>
        </ol>
      </div>
      {reviewing ? <Review step={step} replacing={replacing} /> : <Choose step={step} replacing={replacing} />}
    </section>
  );
}

function Choose({ step, replacing }: { step: SignedStep; replacing: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const checking = step.phase === 'checking';
  const pct = checking && step.total > 0 ? Math.round((step.loaded / step.total) * 100) : 0;
  return (
    <div className="mt-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!checking) void chooseSigned(event.dataTransfer.files[0]);
        }}
        className={
          `flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center sm:flex-row ` +
          `sm:text-left ${over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50'}`
        }
      >
        <Icon name="report" className="size-8 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-900">{m('submit.drop')}</p>
          <p className="mt-1 text-xs text-slate-600">
            {PDF_RULES} {replacing ? m('submit.replaces') : m('submit.nothingYet')}
          </p>
        </div>
        <button type="button" className={ui.primaryButton} disabled={checking} onClick={() => input.current?.click()}>
          {m('submit.choose')}
        </button>
        <HiddenFileInput
          inputRef={input}
          id="signed-pdf"
          label={m('submit.fileLabel')}
          accept="application/pdf,.pdf"
          tabIndex={-1}
          onFile={(file) => void chooseSigned(file)}
        />
      </div>
      {checking && (
        <div className="mt-3" role="status" aria-live="polite">
          <div className="flex items-center justify-between gap-3 text-sm text-slate-700">
            <span className="min-w-0 break-words">
              {pct < 100
                ? m('submit.checkingPct', { name: step.file.name, pct })
                : m('submit.checking', { name: step.file.name })}
            </span>
            <button type="button" className="text-sm underline" onClick={discardSigned}>
              {m('common.cancel')}
            </button>
          </div>
          <FileProgress className="mt-1" percent={pct} label={m('submit.checkingLabel')} />
        </div>
      )}
      {step.phase === 'invalid' && (
        <p role="alert" className="mt-3 break-words text-sm text-red-700">
          {step.name ? m('submit.fileProblem', { name: step.name, message: step.message }) : step.message}
        </p>
      )}
    </div>
  );
}

function Review({ step, replacing }: { step: Extract<SignedStep, { facts: SignedPdfFacts }>; replacing: boolean }) {
  const { file, facts, url, confirmed } = step;
  const submitting = step.phase === 'submitting';
  const pct = submitting && step.total > 0 ? Math.round((step.loaded / step.total) * 100) : 0;
  const askConfirmation = needsConfirmation(facts);
  const ready = !askConfirmation || confirmed;
  return (
    <div className="mt-4 grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,15rem)]">
      <div className="min-w-0 space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <TermAndValue term={m('submit.file')} className="break-words font-medium text-slate-900" dir="auto">
            {file.name}
          </TermAndValue>
          <TermAndValue term={m('submit.size')} className="text-slate-900">
            {formatBytes(facts.size)}
          </TermAndValue>
          <TermAndValue term={m('submit.pages')} className="text-slate-900">
            {formatNumber(facts.pages)}
          </TermAndValue>
        </dl>
        <SignatureNote facts={facts} />
        {askConfirmation && (
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={confirmed}
              disabled={submitting}
              onChange={(event) => confirmUnsigned(event.target.checked)}
            />
            <span>{m('submit.confirm')}</span>
          </label>
        )}
        {step.phase === 'failed' && (
          <p role="alert" className="text-sm text-red-700">
            {step.message}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={ui.primaryButton}
            disabled={!ready || submitting}
            onClick={() => void submitSigned()}
          >
            {submitting ? m('submit.submitting', { pct }) : replacing ? m('submit.sendCopy') : m('submit.submit')}
          </button>
          <button type="button" className={ui.secondaryButton} onClick={discardSigned}>
            {submitting ? m('common.cancel') : m('submit.another')}
          </button>
        </div>
        {submitting && <FileProgress percent={pct} label={m('submit.progress')} />}
      </div>
      <FirstPage url={url} name={file.name} />
    </div>
  );
}

function SignatureNote({ facts }: { facts: SignedPdfFacts }) {
  const signature = facts.signature;
  if (signature) {
    return (
      <div className="space-y-2">
        <SignatureFacts signature={signature} />
        {signature.status === 'invalid' && <p className="text-sm text-slate-700">{m('submit.invalidHint')}</p>}
      </div>
    );
  }
  return (
    <div className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-amber-800" />
      <p>
        <strong>{m('submit.unsigned')}</strong> {m('submit.unsignedHint')}
      </p>
    </div>
  );
}
