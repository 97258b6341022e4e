import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { logout } from '../session.ts';
import { Icon } from '../ui/icons.tsx';

const itemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-800 data-focus:bg-brand-50 data-focus:text-brand-800';

/** The email chip of the top bar: its name is the email address; it opens Home and Logout. */
export function AccountMenu({ email }: { email: string }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:max-w-[16rem] sm:py-1.5 sm:pl-3">
        {/* Narrow screens show an initial; the email stays the button's name either way. */}
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-brand-100 font-semibold uppercase text-brand-800 sm:hidden">
          {email.slice(0, 1)}
        </span>
        <span className="sr-only sm:not-sr-only sm:truncate">{email}</span>
        <Icon name="chevronDown" className="size-4 shrink-0" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <MenuItem>
          <a href="/" className={itemClass}>
            <Icon name="home" className="size-4" />
            Home
          </a>
        </MenuItem>
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => void logout()}>
            <Icon name="logout" className="size-4" />
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
