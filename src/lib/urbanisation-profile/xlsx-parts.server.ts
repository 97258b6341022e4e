import type { ZipEntry } from '../storage/zip-guard.server.ts';
import { XLSX_SHARED_STRINGS_MAX } from './import-limits.ts';
import { say } from '../i18n/said.ts';
import { readXmlPart, XLSX_MESSAGES, XlsxReadError, type XmlBudget } from './xlsx-xml.server.ts';

/**
 * The parts of a workbook around its first sheet: which part that sheet is and its name
 * (workbook.xml and its relations), which cell styles show a date (styles.xml), and the table of
 * texts cells point to (sharedStrings.xml), each read as a stream within the file's budget.
 */

export interface WorkbookInfo {
  sheetName: string;
  sheetPath: string;
  sharedStringsPath: string;
  stylesPath: string;
  /** Dates counted from 1904 (old Mac workbooks) rather than 1900. */
  date1904: boolean;
}

/** Sheets and relations kept from a workbook: far more than any workbook has. */
const LISTED_MAX = 1000;
/** Cell styles kept: Excel allows 64,000. */
const STYLES_MAX = 65_536;

/** A relation's target as a path in the archive ("worksheets/sheet1.xml" from xl/ is xl/worksheets/sheet1.xml). */
function partPath(target: string): string {
  const parts = target[0] === '/' ? [] : ['xl'];
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** An attribute by its local name (`r:id`, or `id` under another prefix). */
const attribute = (attributes: Record<string, string>, name: string) =>
  Object.entries(attributes).find(([key]) => key.split(':').pop() === name)?.[1];

/** The kind a relation's type names (…/relationships/worksheet: worksheet). */
const kindOf = (type: string) => type.slice(type.lastIndexOf('/') + 1);

async function readRelations(entry: ZipEntry | undefined, budget: XmlBudget) {
  const relations = new Map<string, { kind: string; path: string }>();
  if (!entry) return relations;
  await readXmlPart(entry, budget, {
    open(name, attributes) {
      if (name !== 'Relationship' || relations.size >= LISTED_MAX || attributes['TargetMode'] === 'External') return;
      relations.set(attributes['Id'] ?? '', {
        kind: kindOf(attributes['Type'] ?? ''),
        path: partPath(attributes['Target'] ?? ''),
      });
    },
  });
  return relations;
}

/** The workbook's first worksheet and where its texts and styles are. */
export async function readWorkbookInfo(entries: Map<string, ZipEntry>, budget: XmlBudget): Promise<WorkbookInfo> {
  const sheets: { name: string; id: string }[] = [];
  let date1904 = false;
  await readXmlPart(entries.get('xl/workbook.xml')!, budget, {
    open(name, attributes) {
      if (name === 'sheet' && sheets.length < LISTED_MAX)
        sheets.push({ name: attributes['name'] ?? '', id: attribute(attributes, 'id') ?? '' });
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes['date1904'] ?? '');
    },
  });
  const relations = await readRelations(entries.get('xl/_rels/workbook.xml.rels'), budget);
  const typed = (kind: string) => [...relations.values()].find((r) => r.kind === kind)?.path;
  // The first sheet that is a worksheet (a chart sheet holds no cells).
  const sheet = sheets
    .map((s) => ({ ...s, relation: relations.get(s.id) }))
    .find((s) => s.relation?.kind === 'worksheet' && entries.has(s.relation.path));
  if (!sheet?.relation) throw new XlsxReadError(XLSX_MESSAGES.noSheet);
  return {
    sheetName: sheet.name,
    sheetPath: sheet.relation.path,
    sharedStringsPath: typed('sharedStrings') ?? 'xl/sharedStrings.xml',
    stylesPath: typed('styles') ?? 'xl/styles.xml',
    date1904,
  };
}

/** Excel's own date formats (14–22, 45–47) and those of the region's East Asian locales (27–36, 50–58). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/**
 * Whether a number format shows a date or a time: a y, m, d, h or s outside quotes and brackets (as ExcelJS decides).
 */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (the `s` of a cell), whether it shows numbers as dates. */
export async function readDateStyles(entry: ZipEntry | undefined, budget: XmlBudget): Promise<boolean[]> {
  const formats = new Map<number, boolean>();
  const styles: number[] = [];
  let within: string | null = null;
  if (!entry) return [];
  await readXmlPart(entry, budget, {
    open(name, attributes) {
      if (name === 'numFmts' || name === 'cellXfs') within = name;
      else if (name === 'numFmt' && within === 'numFmts')
        formats.set(Number(attributes['numFmtId']), isDateFormat(attributes['formatCode'] ?? ''));
      else if (name === 'xf' && within === 'cellXfs' && styles.length < STYLES_MAX)
        styles.push(Number(attributes['numFmtId'] ?? 0));
    },
    close(name) {
      if (name === within) within = null;
    },
  });
  return styles.map((id) => formats.get(id) ?? BUILT_IN_DATES.has(id));
}

/** Excel's escapes of characters XML cannot hold (`_x000D_`), as ExcelJS reads them. */
export const unescapeText = (text: string) =>
  text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The table of texts: each entry's text (rich text joined, phonetic guides left out). */
export async function readSharedStrings(
  entry: ZipEntry | undefined,
  budget: XmlBudget & { text: number },
): Promise<string[]> {
  const strings: string[] = [];
  let parts: string[] = [];
  let inText = false;
  let phonetic = 0;
  const tooLarge = () =>
    new XlsxReadError(
      say('the workbook holds more than {max} different texts: keep only the sheet of figures, or import it in parts', {
        max: XLSX_SHARED_STRINGS_MAX,
      }),
    );
  if (!entry) return strings;
  await readXmlPart(entry, budget, {
    open(name, attributes) {
      if (name === 'sst' && Number(attributes['uniqueCount'] ?? 0) > XLSX_SHARED_STRINGS_MAX) throw tooLarge();
      if (name === 'si') parts = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    text(text) {
      if (inText) parts.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        const text = unescapeText(parts.join(''));
        budget.text -= text.length;
        if (budget.text < 0) throw textTooLarge();
        if (strings.push(text) > XLSX_SHARED_STRINGS_MAX) throw tooLarge();
      }
    },
  });
  return strings;
}

/** More text than the import reads. */
export const textTooLarge = () =>
  new XlsxReadError(
    'the workbook holds more text than an import reads: keep only the sheet of figures, or import it in parts',
  );
