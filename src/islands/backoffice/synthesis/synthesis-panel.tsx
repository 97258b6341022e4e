import { useEffect, useRef, useState } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '../../../i18n/locales.ts';
import { SYNTHESIS_FORMATS, type SynthesisFormat } from '../../../lib/national-reports/synthesis-schema.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { errorMessage } from '../lib/api.ts';
import { CardSection } from '../ui/card-section.tsx';
import { Options, SelectField } from '../ui/filters.tsx';
import { formatNumber } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { downloadSynthesis } from './download.ts';
import { m } from './messages.ts';

type State =
  | { step: 'idle' }
  | { step: 'making' }
  | { step: 'receiving'; received: number; total: number | null }
  | { step: 'done'; url: string; file: string }
  | { step: 'failed'; error: unknown }
  | { step: 'cancelled' };

/** Saves `url` as `file` (the browser's download). */
function save(url: string, file: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
}

function progressText(state: State): string {
  if (state.step !== 'receiving') return '';
  if (state.total) return m('receivingOf', { percent: formatNumber(Math.floor((100 * state.received) / state.total)) });
  return m('receiving', { received: `${formatNumber(Math.round(state.received / 1024))} KB` });
}

/** What the panel says while and after it makes the document (read out as it changes). */
function Status({ state, year, onRetry }: { state: State; year: number; onRetry: () => void }) {
  if (state.step === 'failed')
    return (
      <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{m('failed')}</p>
        <p className="mt-1">{errorMessage(state.error)}</p>
        <button type="button" className={`${ui.secondaryButton} mt-3`} onClick={onRetry}>
          {m('tryAgain')}
        </button>
      </div>
    );
  const busy = state.step === 'making' || state.step === 'receiving';
  return (
    <div aria-live="polite" className="mt-4 text-sm text-slate-700">
      {busy && (
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          />
          <span>{state.step === 'making' ? m('making', { year: String(year) }) : progressText(state)}</span>
        </div>
      )}
      {state.step === 'receiving' && state.total && (
        <progress className="mt-2 w-full" max={state.total} value={state.received} />
      )}
      {state.step === 'done' && (
        <p>
          {m('done', { file: state.file })}{' '}
          <a href={state.url} download={state.file} className={ui.link}>
            {m('saveAgain')}
          </a>
        </p>
      )}
      {state.step === 'cancelled' && <p>{m('cancelled')}</p>}
    </div>
  );
}

/**
 * The cycle's regional synthesis draft (issue 34 item 6, decision 079): the secretariat picks the
 * language and the format, makes the document and saves it; progress, cancel and errors are said.
 */
export function SynthesisPanel({ year }: { year: number }) {
  const [lang, setLang] = useState<Locale>(PAGE_LOCALE);
  const [format, setFormat] = useState<SynthesisFormat>('pdf');
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const url = state.step === 'done' ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  useEffect(() => () => abort.current?.abort(), []);

  const make = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'making' });
    try {
      const blob = await downloadSynthesis(
        year,
        { lang, format },
        (received, total) => setState({ step: 'receiving', received, total }),
        controller.signal,
      );
      const file = `regional-synthesis-${year}-${lang}.${format}`;
      const objectUrl = URL.createObjectURL(blob);
      setState({ step: 'done', url: objectUrl, file });
      save(objectUrl, file);
    } catch (error) {
      setState(controller.signal.aborted ? { step: 'cancelled' } : { step: 'failed', error });
    } finally {
      abort.current = null;
    }
  };
  const busy = state.step === 'making' || state.step === 'receiving';

  return (
    <CardSection id="synthesis-heading" title={m('title')} className="mt-8 max-w-3xl">
      <p className="mt-2 max-w-prose text-sm text-slate-700">{m('intro', { year: String(year) })}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <SelectField
            id="synthesis-language"
            label={m('language')}
            value={lang}
            onPick={(value) => setLang(value as Locale)}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={LOCALE_INFO[locale].tag}>
                {LOCALE_INFO[locale].name}
              </option>
            ))}
          </SelectField>
          <p className="mt-1 text-xs text-slate-600">{m('languageHint')}</p>
        </div>
        <SelectField
          id="synthesis-format"
          label={m('format')}
          value={format}
          onPick={(value) => setFormat(value as SynthesisFormat)}
        >
          <Options options={SYNTHESIS_FORMATS.map((f) => ({ value: f, label: m(`format.${f}`) }))} />
        </SelectField>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={ui.primaryButton} onClick={() => void make()} disabled={busy}>
          {m('make')}
        </button>
        {busy && (
          <button type="button" className={ui.secondaryButton} onClick={() => abort.current?.abort()}>
            {m('cancel')}
          </button>
        )}
      </div>
      <Status state={state} year={year} onRetry={() => void make()} />
    </CardSection>
  );
}
