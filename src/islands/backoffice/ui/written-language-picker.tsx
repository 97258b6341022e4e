import { useId, useMemo, useState } from 'react';
import { Labelled } from './field.tsx';
import { languageName } from '../../../lib/i18n/language-names.ts';
import { WRITTEN_LANGUAGES, type WrittenLanguage } from '../../../lib/i18n/written-languages.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { m } from './messages.ts';
import { ui } from './styles.ts';

/**
 * "Written in" (decision 048): the language a country wrote its texts in. A native select, so
 * the keyboard, type-ahead and screen readers work as everywhere, with a search box above it that
 * narrows the list by the language's own name, its name in the interface's language, its English
 * name or its tag. Each language is named in its own script, with its name in the interface's
 * language beside it (an option holds one text, so it claims no `lang`). The default is "not
 * stated" ('').
 */

/** The language's name in the interface's language (CLDR's where the browser has none). */
const localName = (language: WrittenLanguage): string => languageName(language.tag, PAGE_LOCALE, language.english);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function matchesLanguage(language: WrittenLanguage, query: string): boolean {
  const wanted = fold(query.trim());
  if (wanted === '') return true;
  return [language.autonym, language.english, localName(language), language.tag].some((name) =>
    fold(name).includes(wanted),
  );
}

export function WrittenLanguagePicker({
  id,
  value: stated,
  onChange,
  disabled = false,
}: {
  id: string;
  value: string | undefined;
  onChange: (tag: string) => void;
  disabled?: boolean;
}) {
  // A draft kept in the browser before the field existed has none: not stated.
  const value = stated ?? '';
  const [query, setQuery] = useState('');
  const hintId = useId();
  const matched = useMemo(() => WRITTEN_LANGUAGES.filter((l) => matchesLanguage(l, query)), [query]);
  // The chosen language stays in the list whatever the search, so the select never loses its value.
  const shown = WRITTEN_LANGUAGES.filter((l) => l.tag === value || matched.includes(l));
  const noMatch = query.trim() !== '' && matched.length === 0;
  return (
    <Labelled id={id} label={m('written.label')}>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        {m('written.hint')}
      </p>
      <div className="mt-1 grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <input
          type="search"
          className={ui.input}
          value={query}
          disabled={disabled}
          aria-label={m('written.find')}
          aria-controls={id}
          placeholder={m('written.find')}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select
          id={id}
          className={ui.input}
          value={value}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{m('written.notStated')}</option>
          {shown.map((l) => {
            const local = localName(l);
            return (
              <option key={l.tag} value={l.tag}>
                {local === l.autonym ? l.autonym : `${l.autonym} — ${local}`}
              </option>
            );
          })}
        </select>
      </div>
      {noMatch && (
        <p role="status" className="mt-1 text-xs text-slate-600">
          {m('written.noMatch', { query: query.trim() })}
        </p>
      )}
    </Labelled>
  );
}
