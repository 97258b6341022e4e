import { Chips, ListSearchBar } from '../ui/filters.tsx';
import { contactList, type ContactFilters as Filters } from './contact-store.ts';
import { m } from './messages.ts';

const CHIPS: { value: Filters['status']; label: string }[] = [
  { value: '', label: m('chip.all') },
  { value: 'unread', label: m('chip.unread') },
  { value: 'new', label: m('chip.new') },
  { value: 'answered', label: m('chip.answered') },
  { value: 'archived', label: m('chip.archived') },
];

export function ContactFilters() {
  return (
    <ListSearchBar
      list={contactList}
      label={m('filter')}
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
      search={{ id: 'contact-search', label: m('search'), className: 'sm:w-80', placeholder: m('searchPlaceholder') }}
    >
      {(filters) => (
        <Chips
          id="contact-status-label"
          label={m('show')}
          chips={CHIPS}
          value={filters.status}
          onPick={(status) => contactList.setFilters({ status })}
        />
      )}
    </ListSearchBar>
  );
}
