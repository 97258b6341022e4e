import { useStore } from '@nanostores/react';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { $contactFilters, $contactSearchDraft, setContactFilters, typeContactSearch, type ContactFilters as Filters } from './contact-store.ts';

const CHIPS: { value: Filters['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export function ContactFilters() {
  const filters = useStore($contactFilters);
  const draft = useStore($contactSearchDraft);
  if (!filters) return null;
  return (
    <div role="search" aria-label="Filter messages" className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <div className="sm:w-80">
        <label htmlFor="contact-search" className={ui.label}>
          Search messages
        </label>
        <div className="relative mt-1">
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id="contact-search"
            type="search"
            className={`${ui.input} pl-9`}
            placeholder="Name, email, subject or text"
            value={draft}
            maxLength={100}
            onChange={(event) => typeContactSearch(event.target.value)}
          />
        </div>
      </div>
      <div role="group" aria-labelledby="contact-status-label">
        <span id="contact-status-label" className={ui.label}>
          Show
        </span>
        <div className="mt-1 flex flex-wrap gap-2">
          {CHIPS.map((chip) => {
            const pressed = filters.status === chip.value;
            return (
              <button
                key={chip.label}
                type="button"
                aria-pressed={pressed}
                onClick={() => setContactFilters({ status: chip.value })}
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
    </div>
  );
}
