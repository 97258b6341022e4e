import type { Country } from '../../../lib/countries/schema.ts';

const SIZES = { sm: [24, 16], md: [32, 22], lg: [36, 24] } as const;

/**
 * A country's flag at a fixed size (it never shrinks inside a squeezed table cell). `label`
 * false makes it decorative, for places where the country's name is written beside it.
 */
export function Flag({ country, size = 'sm', label = false }: { country: Pick<Country, 'flag' | 'name'>; size?: keyof typeof SIZES; label?: boolean }) {
  const [width, height] = SIZES[size];
  return (
    <img
      src={country.flag}
      alt={label ? `Flag of ${country.name}` : ''}
      width={width}
      height={height}
      style={{ width, height }}
      className="max-w-none shrink-0 rounded-sm object-cover ring-1 ring-slate-200"
    />
  );
}
