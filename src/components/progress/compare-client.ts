/**
 * The comparison page in the browser (issue 35 item 4, decision 081): reads the choice from the
 * address (`?with=TH,VN` or `?with=SEA`) or the form, fetches the one prebuilt file of every area's
 * latest values (compare.json) and lays out its columns. Nothing is computed here but the layout;
 * the first render (the country beside its subregion) is the page's own, for readers without script.
 */
import { parseWith, type CompareData } from '../../lib/progress/compare.ts';
import { cellHtml, cellText, type CompareWords } from './compare-cells.ts';

interface PageParts {
  table: HTMLTableElement;
  form: HTMLFormElement;
  status: HTMLElement;
  caption: HTMLElement;
  own: string;
  tag: string;
  words: CompareWords;
}

function partsOf(doc: Document): PageParts | null {
  const table = doc.querySelector<HTMLTableElement>('#compare-table');
  const form = doc.querySelector<HTMLFormElement>('#compare-form');
  const status = doc.querySelector<HTMLElement>('#compare-status');
  const caption = doc.querySelector<HTMLElement>('#compare-caption');
  if (!table || !form || !status || !caption) return null;
  const { own = '', tag = 'en', words = '{}' } = table.dataset;
  return { table, form, status, caption, own, tag, words: JSON.parse(words) as CompareWords };
}

/** Each area's name in the page's language, as the form's options give it. */
function namesOf(form: HTMLFormElement, own: string, ownName: string): Map<string, string> {
  const names = new Map<string, string>([[own, ownName]]);
  for (const option of form.querySelectorAll('option')) if (option.value) names.set(option.value, option.text);
  return names;
}

function render(parts: PageParts, data: CompareData, areas: readonly string[], names: Map<string, string>): void {
  const { table, tag, words } = parts;
  const head = table.tHead!.rows[0]!;
  while (head.cells.length > 1) head.deleteCell(-1);
  for (const area of areas) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.className = head.cells[0]!.dataset['areaClass'] ?? '';
    th.textContent = names.get(area) ?? area;
    head.append(th);
  }
  const index = new Map(data.i.map((code, n) => [code, n]));
  for (const row of table.tBodies[0]!.rows) {
    const { code, decimals, suffix = '' } = row.dataset;
    if (code === undefined) {
      row.cells[0]!.colSpan = areas.length + 1;
      continue;
    }
    while (row.cells.length > 1) row.deleteCell(-1);
    const n = index.get(code);
    for (const area of areas) {
      const td = row.insertCell();
      td.className = row.cells[0]!.dataset['cellClass'] ?? '';
      const cell = n === undefined ? undefined : data.a[area]?.[n];
      const format = { decimals: decimals ? Number(decimals) : null, suffix };
      td.innerHTML = cellHtml(cellText(cell, format, words, tag), words);
    }
  }
  const list = new Intl.ListFormat(tag, { type: 'conjunction' }).format(areas.map((a) => names.get(a) ?? a));
  parts.caption.textContent = (parts.caption.dataset['template'] ?? '').replace('{areas}', list);
  parts.status.textContent = (parts.status.dataset['template'] ?? '').replace('{areas}', list);
}

/** Puts the choice into the form's fields: the countries into the four lists, a subregion into its own. */
function showChoice(form: HTMLFormElement, picked: readonly string[]): void {
  const selects = [...form.querySelectorAll<HTMLSelectElement>('select')];
  const countries = selects.filter((s) => s.dataset['kind'] === 'country');
  const aggregate = selects.find((s) => s.dataset['kind'] === 'aggregate');
  const pickedCountries = picked.filter((code) => countries[0]?.querySelector(`option[value="${code}"]`));
  countries.forEach((select, n) => (select.value = pickedCountries[n] ?? ''));
  if (aggregate) aggregate.value = picked.find((code) => !pickedCountries.includes(code)) ?? '';
}

function chosenIn(form: HTMLFormElement): string[] {
  return [...new FormData(form).getAll('with')].map(String).filter((v) => v !== '');
}

/**
 * The page writes the countries once, in a template after its content (its first screen stays
 * light; without script the form could not apply a choice anyway): fills the four lists.
 */
function fillCountries(doc: Document, form: HTMLFormElement): void {
  const template = doc.querySelector<HTMLTemplateElement>('#compare-countries');
  if (!template) return;
  for (const select of form.querySelectorAll<HTMLSelectElement>('select[data-kind="country"]')) {
    if (select.options.length <= 1) select.append(template.content.cloneNode(true));
  }
}

export async function enhanceComparison(doc: Document): Promise<void> {
  const parts = partsOf(doc);
  if (!parts) return;
  const { form, table, own, status } = parts;
  fillCountries(doc, form);
  const names = namesOf(form, own, table.dataset['ownName'] ?? own);
  let data: CompareData;
  try {
    const response = await fetch(table.dataset['src'] ?? '');
    if (!response.ok) throw new Error(String(response.status));
    data = (await response.json()) as CompareData;
  } catch {
    status.textContent = status.dataset['failed'] ?? '';
    return;
  }
  const known = new Set(Object.keys(data.a));
  const apply = (values: readonly string[]) => {
    const picked = parseWith(values, known, own);
    showChoice(form, picked);
    render(parts, data, [own, ...(picked.length > 0 ? picked : [table.dataset['fallback'] ?? 'region'])], names);
    return picked;
  };
  const fromAddress = new URL(location.href).searchParams.getAll('with');
  if (fromAddress.length > 0) apply(fromAddress);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = apply(chosenIn(form));
    const url = new URL(location.href);
    if (picked.length > 0) url.searchParams.set('with', picked.join(','));
    else url.searchParams.delete('with');
    history.pushState(null, '', `${url.pathname}${url.search.replaceAll('%2C', ',')}${url.hash}`);
  });
  addEventListener('popstate', () => apply(new URL(location.href).searchParams.getAll('with')));
}
