import { spriteUrlOf } from '../../../lib/countries/flag-sprite.ts';
import type { Country } from '../../../lib/countries/schema.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';

const SIZES = { sm: [24, 16], md: [32, 22], lg: [36, 24] } as const;

/**
 * A country's flag at a fixed size (it never shrinks inside a squeezed table cell). `label`
 * false makes it decorative, for places where the country's name is written beside it.
 * `sprite`: for screens that show many countries, the flag comes from the one sprite file of
 * all flags (one request for the whole screen) instead of a file of its own.
 */
export function Flag({
  country,
  size = 'sm',
  label = false,
  sprite = false,
}: {
  country: Pick<Country, 'flag' | 'name'> & { code?: string };
  size?: keyof typeof SIZES;
  label?: boolean;
  sprite?: boolean;
}) {
  const [width, height] = SIZES[size];
  return (
    <img
      src={(sprite && spriteUrlOf(country.flag)) || country.flag}
      alt={label ? m('flag.of', { country: nameOf(country) }) : ''}
      width={width}
      height={height}
      style={{ width, height }}
      className="max-w-none shrink-0 rounded-sm object-cover ring-1 ring-slate-200"
    />
  );
}

/** A country's name in the page's language when its code is known, else as given. */
function nameOf(country: { name: string; code?: string }): string {
  return country.code ? countryName(country.code, country.name) : country.name;
}

/** A definition-list value: the country's flag and name (in the page's language), or a dash when there is none. */
export function CountryValue({ country }: { country: (Pick<Country, 'flag' | 'name'> & { code?: string }) | null }) {
  return (
    <dd className="flex items-center gap-2 font-medium text-slate-900">
      {country ? (
        <>
          <Flag country={country} />
          {nameOf(country)}
        </>
      ) : (
        '—'
      )}
    </dd>
  );
}
