import { useStore } from '@nanostores/react';
import { Labelled } from './field.tsx';
import type { ReadableAtom } from 'nanostores';
import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import { ui } from './styles.ts';

/** The search box of a list screen: labelled, with a search icon; typing is debounced by the store. */
export interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onType: (value: string) => void;
  className?: string;
}

export function SearchField({ id, label, placeholder, value, onType, className }: SearchFieldProps) {
  return (
    <Labelled id={id} label={label} className={className}>
      <div className="relative mt-1">
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          dir="auto"
          id={id}
          type="search"
          className={`${ui.input} pl-9`}
          placeholder={placeholder}
          value={value}
          maxLength={100}
          onChange={(event) => onType(event.target.value)}
        />
      </div>
    </Labelled>
  );
}

/** The filters of a list screen: a search landmark named `label`, the search box first. */
export function SearchBar({
  label,
  className,
  search,
  children,
}: {
  label: string;
  className: string;
  search: SearchFieldProps;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className={className}>
      <SearchField {...search} />
      {children}
    </div>
  );
}

/**
 * The `SearchBar` of a list whose filters live in the URL (`list.$filters`, null on other screens, when
 * it shows nothing): the search box shows the typed draft; `children` gets the current filters.
 */
export function ListSearchBar<F>({
  list,
  label,
  className,
  search,
  children,
}: {
  /** The list's filters and search box, as `createUrlList` (lib/list.ts) makes them. */
  list: { $filters: ReadableAtom<F | null>; $searchDraft: ReadableAtom<string>; typeSearch: (value: string) => void };
  label: string;
  className: string;
  search: Omit<SearchFieldProps, 'value' | 'onType'>;
  children: (filters: F) => ReactNode;
}) {
  const filters = useStore(list.$filters);
  const draft = useStore(list.$searchDraft);
  if (!filters) return null;
  return (
    <SearchBar label={label} className={className} search={{ ...search, value: draft, onType: list.typeSearch }}>
      {children(filters)}
    </SearchBar>
  );
}

/** A labelled group of toggle chips of which one is pressed (a list's status filter, say). */
export function Chips<T extends string>({
  id,
  label,
  chips,
  value,
  onPick,
}: {
  id: string;
  label: string;
  chips: readonly { value: T; label: string }[];
  value: T;
  onPick: (value: T) => void;
}) {
  return (
    <div role="group" aria-labelledby={id}>
      <span id={id} className={ui.label}>
        {label}
      </span>
      <div className="mt-1 flex flex-wrap gap-2">
        {chips.map((chip) => {
          const pressed = value === chip.value;
          return (
            <button
              key={chip.label}
              type="button"
              aria-pressed={pressed}
              onClick={() => onPick(chip.value)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                pressed
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {chip.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** A labelled drop-down of a list's filters (or of a form); `onPick` gets the chosen value. */
export function SelectField({
  id,
  label,
  value,
  onPick,
  className,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onPick: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <select id={id} className={`${ui.input} mt-1`} value={value} onChange={(event) => onPick(event.target.value)}>
        {children}
      </select>
    </Labelled>
  );
}

/** The choices of a drop-down, each with the value it stands for and its label. */
export function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
