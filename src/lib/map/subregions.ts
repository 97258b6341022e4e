/**
 * The five subregions ESCAP uses for its members and associate members, in the order the
 * region page lists them. A country the list does not know goes under "Other".
 */
export const SUBREGIONS = [
  { id: 'east-north-east-asia', name: 'East and North-East Asia', codes: ['CN', 'KP', 'JP', 'MN', 'KR', 'HK', 'MO'] },
  {
    id: 'south-east-asia',
    name: 'South-East Asia',
    codes: ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH', 'TL', 'VN'],
  },
  {
    id: 'south-south-west-asia',
    name: 'South and South-West Asia',
    codes: ['AF', 'BD', 'BT', 'IN', 'IR', 'MV', 'NP', 'PK', 'LK', 'TR'],
  },
  {
    id: 'north-central-asia',
    name: 'North and Central Asia',
    codes: ['AM', 'AZ', 'GE', 'KZ', 'KG', 'RU', 'TJ', 'TM', 'UZ'],
  },
  {
    id: 'pacific',
    name: 'Pacific',
    codes: [
      'AU',
      'FJ',
      'KI',
      'MH',
      'FM',
      'NR',
      'NZ',
      'PW',
      'PG',
      'WS',
      'SB',
      'TO',
      'TV',
      'VU',
      'AS',
      'CK',
      'PF',
      'GU',
      'NC',
      'NU',
      'MP',
    ],
  },
] as const;

export interface SubregionGroup<T> {
  id: string;
  name: string;
  countries: T[];
}

/** Groups countries by subregion (in SUBREGIONS order, names sorted within each); empty groups are left out. */
export function groupBySubregion<T extends { code: string; name: string }>(
  countries: readonly T[],
): SubregionGroup<T>[] {
  const known = new Set<string>(SUBREGIONS.flatMap((s) => s.codes));
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'en');
  const groups: SubregionGroup<T>[] = SUBREGIONS.map((s) => ({
    id: s.id,
    name: s.name,
    countries: countries.filter((c) => (s.codes as readonly string[]).includes(c.code)).sort(byName),
  }));
  groups.push({ id: 'other', name: 'Other', countries: countries.filter((c) => !known.has(c.code)).sort(byName) });
  return groups.filter((g) => g.countries.length > 0);
}
