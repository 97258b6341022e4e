import { useStore } from '@nanostores/react';
import { useState } from 'react';
import {
  CoverageResponseSchema,
  type Coverage,
  type CoverageCell,
} from '../../../lib/urbanisation-profile/coverage-schema.ts';
import { SUBREGION_MEMBERS, type SubregionCode } from '../../../lib/progress/method.ts';
import { countryName } from '../../i18n/countries.ts';
import { INTL_TAG } from '../../i18n/page-locale.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { pathTo } from '../router.ts';
import { EmptyState, Loaded } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { localIndicator, themeName } from './content.ts';
import { m } from './messages.ts';

/**
 * The analytics screen's coverage matrix (issue 35 item 5, decision 081): countries × the
 * indicators of one theme, each cell the latest year of the country's own figures (a draft said
 * so) or of the open data, linking to the figures' form of that country, theme and year. The
 * public /urbanisation-profile/coverage shows the same from the published figures.
 */
const $coverage = createFetcherStore(['profile/coverage'], { fetcher: fetchWith(CoverageResponseSchema) });

const SUBREGIONS = Object.keys(SUBREGION_MEMBERS) as SubregionCode[];
const SUBREGION_NAME: Record<SubregionCode, string> = {
  ENEA: m('coverage.subregion.ENEA'),
  NCA: m('coverage.subregion.NCA'),
  PACIFIC: m('coverage.subregion.PACIFIC'),
  SEA: m('coverage.subregion.SEA'),
  SSWA: m('coverage.subregion.SSWA'),
};

/** What a cell says, and the year of the form it opens: the country's latest, else the open data's, else last year. */
function cellOf(cell: CoverageCell | undefined): { text: string; year: number; empty: boolean } {
  if (cell?.country) {
    const { year, status } = cell.country;
    return { text: m(status === 'published' ? 'coverage.reported' : 'coverage.draft', { year }), year, empty: false };
  }
  if (cell?.open_data)
    return { text: m('coverage.openData', { year: cell.open_data.year }), ...cell.open_data, empty: false };
  return { text: m('coverage.none'), year: new Date().getUTCFullYear() - 1, empty: true };
}

function Filters(props: {
  data: Coverage;
  theme: string;
  subregion: string;
  onTheme: (slug: string) => void;
  onSubregion: (code: string) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-4">
      <div>
        <label htmlFor="coverage-theme" className={ui.label}>
          {m('coverage.theme')}
        </label>
        <select
          id="coverage-theme"
          className={`${ui.input} mt-1 sm:w-80`}
          value={props.theme}
          onChange={(e) => props.onTheme(e.target.value)}
        >
          {props.data.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {themeName(c).text}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="coverage-subregion" className={ui.label}>
          {m('coverage.subregion')}
        </label>
        <select
          id="coverage-subregion"
          className={`${ui.input} mt-1 sm:w-72`}
          value={props.subregion}
          onChange={(e) => props.onSubregion(e.target.value)}
        >
          <option value="">{m('coverage.allSubregions')}</option>
          {SUBREGIONS.map((code) => (
            <option key={code} value={code}>
              {SUBREGION_NAME[code]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Matrix({ data, theme, subregion }: { data: Coverage; theme: string; subregion: string }) {
  const category = data.categories.find((c) => c.slug === theme) ?? data.categories[0];
  if (!category || category.indicators.length === 0) return <EmptyState title={m('coverage.noIndicator')} />;
  const members = subregion ? SUBREGION_MEMBERS[subregion as SubregionCode] : null;
  const countries = data.countries
    .filter((c) => !members || members.includes(c.code))
    .map((c) => ({ code: c.code, name: countryName(c.code, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, INTL_TAG));
  if (countries.length === 0)
    return <EmptyState title={m('analytics.noCountry')}>{m('coverage.noCountryText')}</EmptyState>;
  const indicators = category.indicators.map(localIndicator);
  const cells = new Map(data.cells.map((c) => [`${c.country_code}|${c.indicator}`, c]));
  const covered = (code: string) => countries.filter((c) => cells.has(`${c.code}|${code}`)).length;
  const name = themeName(category);
  return (
    // Every cell is a link: moving through them by keyboard scrolls the box to each.
    <div className={`${ui.cardFlush} mt-4 max-h-[70vh] overflow-auto`}>
      <table className="min-w-full border-collapse text-sm">
        <caption id="coverage-caption" className="sr-only">
          {m('coverage.caption', { theme: name.text })}
        </caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className={`${ui.th} sticky start-0 top-0 z-20 bg-slate-50`}>
              {m('coverage.country')}
            </th>
            {indicators.map((i) => (
              <th key={i.code} scope="col" dir="auto" className={`${ui.th} sticky top-0 z-10 min-w-36 bg-slate-50`}>
                {i.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {countries.map((country) => (
            <tr key={country.code}>
              <th scope="row" className={`${ui.td} sticky start-0 bg-white text-left font-medium`}>
                {country.name}
              </th>
              {indicators.map((i) => {
                const cell = cellOf(cells.get(`${country.code}|${i.code}`));
                const href = pathTo('profileAnalyticsForm', {
                  category: category.slug,
                  country_code: country.code,
                  year: cell.year,
                });
                return (
                  <td key={i.code} className={`${ui.td} whitespace-nowrap ${cell.empty ? 'bg-slate-50' : ''}`}>
                    <a
                      className={
                        cell.empty ? 'text-slate-600 underline decoration-dotted hover:text-brand-700' : ui.link
                      }
                      href={href}
                    >
                      {cell.text}
                      <span className="sr-only">
                        {' '}
                        {country.name}, {i.name}
                      </span>
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 bg-slate-50">
            <th scope="row" className={`${ui.td} sticky start-0 bg-slate-50 text-left font-semibold`}>
              {m('coverage.total')}
            </th>
            {indicators.map((i) => (
              <td key={i.code} className={`${ui.td} font-semibold tabular-nums`}>
                {m('coverage.count', { count: covered(i.code), total: countries.length })}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The section of the analytics screen: its heading, filters by theme and subregion, and the matrix. */
export function ProfileCoverage() {
  const value = useStore($coverage);
  const [theme, setTheme] = useState('');
  const [subregion, setSubregion] = useState('');
  return (
    <section aria-labelledby="coverage-heading" className="mt-8">
      <h2 id="coverage-heading" className="text-lg font-semibold text-slate-900">
        {m('coverage.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m('coverage.description')}</p>
      <Loaded value={value} loading={m('coverage.loading')} rows={8} onRetry={() => $coverage.invalidate()}>
        {({ data }) =>
          data.categories.length === 0 ? (
            <EmptyState title={m('coverage.noTheme')} />
          ) : (
            <>
              <Filters
                data={data}
                theme={theme || data.categories[0]!.slug}
                subregion={subregion}
                onTheme={setTheme}
                onSubregion={setSubregion}
              />
              <Matrix data={data} theme={theme || data.categories[0]!.slug} subregion={subregion} />
              <p className="mt-2 text-xs text-slate-600">{m('coverage.note')}</p>
            </>
          )
        }
      </Loaded>
    </section>
  );
}
