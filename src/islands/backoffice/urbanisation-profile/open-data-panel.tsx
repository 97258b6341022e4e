import type { DatasetResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { ui } from '../ui/styles.ts';
import { countryName } from '../../i18n/countries.ts';
import { INTL_TAG } from '../../i18n/page-locale.ts';
import { localIndicator } from './content.ts';
import { m } from './messages.ts';

type DatasetData = DatasetResponse['data'];

const figureFormat = new Intl.NumberFormat(INTL_TAG, { maximumFractionDigits: 6 });
const number = (value: number | undefined) => (value === undefined ? '—' : figureFormat.format(value));

/**
 * The open data of the same theme, country and year, beside the country's own figures (decision
 * 029). They are never written over the country's figures: the public site shows the country's
 * figure where both exist, and the open-data figure where the country has none.
 */
export function OpenDataPanel({ dataset }: { dataset: DatasetData }) {
  if (dataset.open_data.length === 0) return null;
  const own = new Map(dataset.values.map((v) => [v.indicator, v.value]));
  const names = new Map(dataset.indicators.map((i) => [i.code, localIndicator(i)]));
  return (
    <section aria-labelledby="open-data-heading" className={`${ui.cardFlush} mt-6 overflow-x-auto`}>
      <div className="p-5 pb-3">
        <h2 id="open-data-heading" className="text-base font-semibold text-slate-900">
          {m('openData.title', {
            country: countryName(dataset.country_code, dataset.country_name),
            year: String(dataset.year),
          })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{m('openData.help')}</p>
      </div>
      <DataTable
        caption={m('openData.caption')}
        head={
          <HeaderCells
            labels={[m('openData.indicator'), m('openData.yours'), m('openData.open'), m('openData.source')]}
          />
        }
      >
        {dataset.open_data.map((v) => {
          const indicator = names.get(v.indicator);
          const mine = own.get(v.indicator);
          const differs = mine !== undefined && mine !== v.value;
          return (
            <tr key={v.indicator}>
              <th scope="row" className={`${ui.td} text-left font-medium`}>
                <span dir="auto">{indicator?.name ?? v.indicator}</span>
                {indicator?.unit && <span className="block text-xs font-normal text-slate-600">{indicator.unit}</span>}
              </th>
              <td className={ui.td}>{number(mine)}</td>
              <td className={ui.td}>
                {number(v.value)}
                {differs && <span className="block text-xs text-amber-800">{m('openData.differs')}</span>}
                {v.note && (
                  <span dir="auto" className="block text-xs text-slate-600">
                    {v.note}
                  </span>
                )}
              </td>
              <td className={`${ui.td} text-xs text-slate-700`}>
                {v.source ?? '—'}
                {v.licence && <span className="block">{m('openData.licence', { licence: v.licence })}</span>}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
