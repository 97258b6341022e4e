import { useRef, useState } from 'react';
import {
  IMPORT_FILE_MAX_BYTES,
  type ImportFormat,
  type ImportPreview,
} from '../../../lib/urbanisation-profile/schema.ts';
import { errorMessage } from '../lib/api.ts';
import { TextAreaField } from '../lib/text-area-field.tsx';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { HeaderCells } from '../ui/header-cells.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { importCsv, importFile } from './profile-api.ts';

/** How the server read the file, in words: "semicolon-separated, decimal comma, 124 rows". */
export function formatWords(format: ImportFormat, rows: number): string {
  const count = m('import.rows', { count: rows });
  const mark = format.decimal_mark === ',' ? m('import.decimalComma') : m('import.decimalPoint');
  if (format.file === 'xlsx') return m('import.xlsx', { sheet: format.sheet ?? '', mark, rows: count });
  return m(format.separator === ';' ? 'import.semicolon' : 'import.comma', { mark, rows: count });
}

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_MB = IMPORT_FILE_MAX_BYTES / 1024 / 1024;

/** The preview of an import: how the file was read, the bad rows, and what would change. */
function PreviewReport({ preview }: { preview: ImportPreview }) {
  return (
    <div role="status" className="mt-4 space-y-3 text-sm">
      <p>
        <span className="font-semibold text-slate-900">{m('import.readAs')}</span>{' '}
        <span data-testid="import-format">{formatWords(preview.format, preview.rows)}</span>
      </p>
      <p>
        {m('import.summary', {
          changes: preview.changes.length,
          unchanged: preview.unchanged,
          errors: preview.errors.length,
        })}
      </p>
      {preview.errors.length > 0 && (
        <>
          <p className="font-medium text-red-800">{m('import.correct')}</p>
          <ul className="list-disc space-y-1 pl-5 text-red-800">
            {preview.errors.map((e) => (
              <li key={e.line}>{e.message}</li>
            ))}
          </ul>
        </>
      )}
      {preview.changes.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">{m('import.caption')}</caption>
            <thead>
              <tr>
                <HeaderCells
                  labels={[
                    m('import.row'),
                    m('import.country'),
                    m('import.indicator'),
                    m('import.year'),
                    m('import.now'),
                    m('import.new'),
                  ]}
                />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.changes.map((c) => (
                <tr key={c.line}>
                  <td className={ui.td}>{c.line}</td>
                  <td className={ui.td}>{c.country_code}</td>
                  <td className={ui.td}>{c.indicator}</td>
                  <td className={ui.td}>{c.year}</td>
                  <td className={ui.td}>{c.before ?? '—'}</td>
                  <td className={ui.td}>{c.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Why a chosen file cannot be imported, said before it is sent (the server checks again, by its
 * bytes): a file whose name says it is something else, or one over the size limit.
 */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return m('import.notCsv', { name: file.name });
  if (file.size > IMPORT_FILE_MAX_BYTES) return m('import.tooLarge', { name: file.name, max: MAX_MB });
  return null;
}

/** The import of figures: a CSV file or an Excel workbook, or rows pasted; checked first, then all rows or none. */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ready = file !== null || csv.trim() !== '';

  function reset() {
    setPreview(null);
    setProblem(null);
  }
  async function run(apply: boolean) {
    const refused = file ? fileProblem(file) : null;
    setProblem(refused);
    if (refused) {
      setPreview(null);
      return;
    }
    setBusy(true);
    try {
      const result = file ? await importFile(file, apply) : await importCsv(csv, apply);
      setPreview(apply ? null : result);
      if (apply) {
        setCsv('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        notifySuccess(m('import.imported', { count: result.changes.length }));
      }
    } catch (error) {
      setPreview(null);
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="import-heading" className={`${ui.card} mt-8`}>
      <h2 id="import-heading" className="text-lg font-semibold text-slate-900">
        {m('import.title')}
      </h2>
      <p id="import-help" className="mt-1 text-sm text-slate-600">
        {m('import.help', { max: MAX_MB })}
      </p>
      <label htmlFor="import-file" className={`${ui.label} mt-3`}>
        {m('import.file')}
      </label>
      <input
        id="import-file"
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        aria-describedby="import-help"
        className="mt-1 block w-full text-sm"
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          reset();
        }}
      />
      <TextAreaField
        id="import-text"
        label={m('import.paste')}
        className="mt-3"
        hint={file ? m('import.fileChosen') : undefined}
        textarea={{
          rows: 4,
          className: `${ui.input} mt-1 font-mono`,
          value: csv,
          disabled: file !== null,
          onChange: (e) => {
            setCsv(e.target.value);
            reset();
          },
        }}
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={ui.secondaryButton} disabled={busy || !ready} onClick={() => void run(false)}>
          {m('import.preview')}
        </button>
        <button
          type="button"
          className={ui.primaryButton}
          disabled={busy || !preview || preview.errors.length > 0 || preview.changes.length === 0}
          onClick={() => void run(true)}
        >
          {preview ? m('import.importCount', { count: preview.changes.length }) : m('import.import')}
        </button>
        {file && (
          <button
            type="button"
            className={ui.secondaryButton}
            disabled={busy}
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
              reset();
            }}
          >
            {m('import.clear')}
          </button>
        )}
      </div>
      {busy && (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {m('import.reading')}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      {preview && <PreviewReport preview={preview} />}
    </section>
  );
}
