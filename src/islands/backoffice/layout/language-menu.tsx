import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '../../../i18n/locales.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { switchLanguage } from '../account-language.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { Icon } from '../ui/icons.tsx';
import { m } from './messages.ts';

const itemClass =
  'flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm text-slate-800 ' +
  'data-focus:bg-brand-50 data-focus:text-brand-800';

/**
 * The top bar's language menu (issue 17): each language named in itself; choosing one saves it in
 * the account (the emails follow it too) and reloads the page in it.
 */
export function LanguageMenu() {
  const [saving, setSaving] = useState(false);
  const choose = (locale: Locale) => {
    if (locale === PAGE_LOCALE || saving) return;
    setSaving(true);
    switchLanguage(locale).catch(() => {
      setSaving(false);
      notifyError(m('language.failed'));
    });
  };
  const current = LOCALE_INFO[PAGE_LOCALE];
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={m('language.button', { language: current.name })}
        title={m('language.menu')}
        disabled={saving}
        className={
          'inline-flex h-10 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 ' +
          'hover:bg-slate-100 disabled:opacity-60'
        }
      >
        <Icon name="globe" className="size-5 shrink-0" />
        <span className="max-sm:sr-only" lang={current.tag}>
          {current.name}
        </span>
      </MenuButton>
      {saving && (
        <span role="status" className="sr-only">
          {m('language.saving')}
        </span>
      )}
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {LOCALES.map((locale) => (
          <MenuItem key={locale}>
            <button
              type="button"
              className={itemClass}
              lang={LOCALE_INFO[locale].tag}
              aria-current={locale === PAGE_LOCALE ? 'true' : undefined}
              onClick={() => choose(locale)}
            >
              {LOCALE_INFO[locale].name}
              {locale === PAGE_LOCALE && <Icon name="check" className="size-4 text-brand-700" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
