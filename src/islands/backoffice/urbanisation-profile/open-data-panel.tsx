import type { DatasetResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { ui } from '../ui/styles.ts';

type DatasetData = DatasetResponse['data'];

const number = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en', { maximumFractionDigits: 6 }));

/**
 * The open data of the same theme, country and year, beside the country's own figures (decision
 * 029). They are never written over the country's figures: the public site shows the country's
 * figure where both exist, and the open-data figure where the country has none.
 */
export function OpenDataPanel({ dataset }: { dataset: DatasetData }) {
  if (dataset.open_data.length === 0) return null;
  const own = new Map(dataset.values.map((v) => [v.indicator, v.value]));
  const names = new Map(dataset.indicators.map((i) => [i.code, i]));
  return (
    <section aria-labelledby="open-data-heading" className={`${ui.cardFlush} mt-6 overflow-x-auto`}>
      <div className="p-5 pb-3">
        <h2 id="open-data-heading" className="text-base font-semibold text-slate-900">Open data for {dataset.country_name}, {dataset.year}</h2>
        <p className="mt-1 text-sm text-slate-600">
          Figures from public international sources, shown beside your own. They never replace a figure you enter: where both exist, the public site shows yours.
        </p>
      </div>
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Your figures and the open data, indicator by indicator</caption>
        <thead className="bg-slate-50">
          <tr>
            {['Indicator', 'Your figure', 'Open data', 'Source and licence'].map((h) => <th key={h} scope="col" className={ui.th}>{h}</th>)}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {dataset.open_data.map((v) => {
            const indicator = names.get(v.indicator);
            const mine = own.get(v.indicator);
            const differs = mine !== undefined && mine !== v.value;
            return (
              <tr key={v.indicator}>
                <th scope="row" className={`${ui.td} text-left font-medium`}>
                  {indicator?.name ?? v.indicator}
                  {indicator?.unit && <span className="block text-xs font-normal text-slate-600">{indicator.unit}</span>}
                </th>
                <td className={ui.td}>{number(mine)}</td>
                <td className={ui.td}>
                  {number(v.value)}
                  {differs && <span className="block text-xs text-amber-800">Differs from your figure</span>}
                  {v.note && <span className="block text-xs text-slate-600">{v.note}</span>}
                </td>
                <td className={`${ui.td} text-xs text-slate-700`}>
                  {v.source ?? '—'}
                  {v.licence && <span className="block">Licence: {v.licence}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
