import { useStore } from '@nanostores/react';
import { Chips, SearchField } from '../ui/filters.tsx';
import { $contactFilters, $contactSearchDraft, setContactFilters, typeContactSearch, type ContactFilters as Filters } from './contact-store.ts';

const CHIPS: { value: Filters['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'new', label: 'New' },
  { value: 'answered', label: 'Answered' },
  { value: 'archived', label: 'Archived' },
];

export function ContactFilters() {
  const filters = useStore($contactFilters);
  const draft = useStore($contactSearchDraft);
  if (!filters) return null;
  return (
    <div role="search" aria-label="Filter messages" className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <SearchField
        id="contact-search"
        label="Search messages"
        className="sm:w-80"
        placeholder="Name, email, subject or text"
        value={draft}
        onType={typeContactSearch}
      />
      <Chips id="contact-status-label" label="Show" chips={CHIPS} value={filters.status} onPick={(status) => setContactFilters({ status })} />
    </div>
  );
}
