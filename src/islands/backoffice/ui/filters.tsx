import { Icon } from './icons.tsx';
import { ui } from './styles.ts';

/** The search box of a list screen: labelled, with a search icon; typing is debounced by the store. */
export function SearchField({ id, label, placeholder, value, onType, className }: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onType: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className="relative mt-1">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <input dir="auto"
          id={id}
          type="search"
          className={`${ui.input} pl-9`}
          placeholder={placeholder}
          value={value}
          maxLength={100}
          onChange={(event) => onType(event.target.value)}
        />
      </div>
    </div>
  );
}

/** A labelled group of toggle chips of which one is pressed (a list's status filter, say). */
export function Chips<T extends string>({ id, label, chips, value, onPick }: {
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
                pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
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
