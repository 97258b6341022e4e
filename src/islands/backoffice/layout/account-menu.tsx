import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { Avatar } from '../ui/avatar.tsx';
import { pathTo } from '../router.ts';
import { logout } from '../session.ts';
import { Icon } from '../ui/icons.tsx';
import { m } from './messages.ts';

const itemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-800 data-focus:bg-brand-50 ' +
  'data-focus:text-brand-800';

/** The email chip of the top bar: its name is the email address; it opens My profile, Home and Sign out. */
export function AccountMenu({ identity }: { identity: Whoami }) {
  const email = identity.email;
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className={
          'inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-1 pr-2 text-sm ' +
          'font-medium text-slate-800 hover:bg-slate-50 sm:max-w-[18rem] sm:gap-2 sm:py-1 sm:pl-1'
        }
      >
        {/* Narrow screens show the photo or initials only; the email stays the button's name either way. */}
        <Avatar identity={identity} size="sm" />
        <span className="sr-only sm:not-sr-only sm:truncate">{email}</span>
        <Icon name="chevronDown" className="size-4 shrink-0" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <MenuItem>
          <a href={pathTo('myProfile')} className={itemClass}>
            <Icon name="user" className="size-4" />
            {m('account.myProfile')}
          </a>
        </MenuItem>
        <MenuItem>
          <a href="/" className={itemClass}>
            <Icon name="home" className="size-4" />
            {m('account.home')}
          </a>
        </MenuItem>
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => void logout()}>
            <Icon name="logout" className="size-4" />
            {m('account.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
