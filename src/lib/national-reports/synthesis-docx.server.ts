import { zip } from '../docx/zip.server.ts';
import type { ChoiceTable, FigureSeries, Quote, SynthesisDoc, SynthesisQuestion } from './synthesis-model.ts';
import { synthesisWords, type SynthesisWords } from './synthesis-words.ts';

/**
 * The regional synthesis as a Word document (.docx, Office Open XML written directly, decision
 * 079) for the secretariat to edit: Title, Heading 1 (thrusts) and Heading 2 (questions) styles, so
 * that Word and LibreOffice build the contents list from them (a TOC field, updated on opening);
 * each figure question's values as a table sorted highest first with the median, lowest and
 * highest; choice counts as a table; quotations in the Quote style, each run marked with its
 * language (`w:lang`) and, right to left, `w:rtl` and `w:bidi`.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Text for XML: escaped, without the characters XML 1.0 cannot hold. */
function esc(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const CJK = /^(zh|ja|ko)\b/;
const COMPLEX = /^(fa|ps|ur|dv|ar|he|th|lo|km|my|hi|ne|bn|si|ta|te|kn|ml|gu|pa|or|bo|dz|mn)\b/;

/** A run's language: Word reads `w:eastAsia` for Chinese, Japanese and Korean, `w:bidi` for complex scripts. */
function langOf(lang: string | null): string {
  if (!lang) return '';
  const tag = esc(lang);
  if (CJK.test(lang)) return `<w:lang w:val="${tag}" w:eastAsia="${tag}"/>`;
  if (COMPLEX.test(lang)) return `<w:lang w:val="${tag}" w:bidi="${tag}"/>`;
  return `<w:lang w:val="${tag}"/>`;
}

interface RunStyle {
  lang?: string | null;
  rtl?: boolean;
  bold?: boolean;
}

/** A run of text; line breaks become `w:br`. */
function run(text: string, style: RunStyle = {}): string {
  const props = (style.bold ? '<w:b/><w:bCs/>' : '') + (style.rtl ? '<w:rtl/>' : '') + langOf(style.lang ?? null);
  const pieces = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `<w:t xml:space="preserve">${esc(line)}</w:t>`)
    .join('<w:br/>');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}${pieces}</w:r>`;
}

function paragraph(content: string, options: { style?: string; rtl?: boolean; align?: 'end' } = {}): string {
  const props =
    (options.style ? `<w:pStyle w:val="${options.style}"/>` : '') +
    (options.rtl ? '<w:bidi/>' : '') +
    (options.align ? `<w:jc w:val="${options.align === 'end' ? 'right' : 'left'}"/>` : '');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${content}</w:p>`;
}

const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

/** A table with a header row; `widths` in twentieths of a point, `end` columns aligned to the end. */
function table(widths: readonly number[], rows: readonly string[][], end: ReadonlySet<number> = new Set()): string {
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const body = rows
    .map((cells, r) => {
      const header = r === 0 ? '<w:trPr><w:tblHeader/></w:trPr>' : '';
      const tcs = cells
        .map(
          (cell, i) =>
            `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr>` +
            paragraph(run(cell, { bold: r === 0 }), end.has(i) ? { align: 'end' } : {}) +
            '</w:tc>',
        )
        .join('');
      return `<w:tr>${header}${tcs}</w:tr>`;
    })
    .join('');
  return (
    '<w:tbl><w:tblPr><w:tblStyle w:val="SynthesisTable"/><w:tblW w:w="0" w:type="auto"/>' +
    `<w:tblLook w:val="04A0" w:firstRow="1"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>` +
    paragraph('')
  );
}

function figures(words: SynthesisWords, series: FigureSeries): string {
  const out: string[] = [];
  if (series.label) out.push(paragraph(run(series.label, { bold: true })));
  if (series.values.length === 0) return [...out, paragraph(run(words.t('answered', { count: 0 })))].join('');
  out.push(paragraph(run(words.t('figureTable')), { style: 'Caption' }));
  out.push(
    table(
      [4200, 2000],
      [[words.t('country'), words.t('value')], ...series.values.map((v) => [v.country, v.shown])],
      new Set([1]),
    ),
  );
  const extreme = (v: FigureSeries['min']) => (v ? `${v.shown} (${v.country})` : '–');
  out.push(
    table(
      [1300, 1800, 2800, 2800],
      [
        [words.t('countries'), words.t('median'), words.t('minimum'), words.t('maximum')],
        [String(series.values.length), series.median ?? '–', extreme(series.min), extreme(series.max)],
      ],
      new Set([0]),
    ),
  );
  return out.join('');
}

function choices(words: SynthesisWords, choice: ChoiceTable): string {
  return (
    (choice.label ? paragraph(run(choice.label, { bold: true })) : '') +
    table(
      [4200, 1600],
      [[words.t('choice'), words.t('count')], ...choice.counts.map((c) => [c.label, String(c.count)])],
      new Set([1]),
    )
  );
}

function quote(q: Quote): string {
  return (
    paragraph(run(q.text, { lang: q.lang, rtl: q.rtl }), { style: 'Quote', rtl: q.rtl }) +
    paragraph(run(`— ${q.country}`), { style: 'QuoteSource', ...(q.rtl && { align: 'end' as const }) })
  );
}

function question(words: SynthesisWords, q: SynthesisQuestion): string {
  const out = [
    paragraph(run(`${q.code}. ${q.text}`), { style: 'Heading2' }),
    paragraph(run(words.t('answered', { count: q.answered })), { style: 'Caption' }),
  ];
  if (q.answered === 0 && q.quotes.length === 0) return out.join('');
  if (q.kind === 'figures') out.push(...q.figures.map((s) => figures(words, s)));
  if (q.kind === 'choices') out.push(...q.choices.map((c) => choices(words, c)));
  if (q.kind === 'narrative' || q.quotes.length > 0) {
    out.push(paragraph(run(words.t('quotes'), { bold: true })));
    if (q.quotes.length === 0) out.push(paragraph(run(words.t('noQuotes'))));
    out.push(...q.quotes.map(quote));
  }
  return out.join('');
}

/** The contents list: a TOC field of the headings, its entries written out until Word or LibreOffice update it. */
function contents(words: SynthesisWords, doc: SynthesisDoc): string {
  const entries = doc.thrusts.flatMap((t) => [
    paragraph(run(`${t.code}  ${t.name}`), { style: 'TOC1' }),
    ...t.questions.map((q) => paragraph(run(`${q.code}. ${q.text}`), { style: 'TOC2' })),
  ]);
  return (
    paragraph(run(words.t('contents')), { style: 'TOCHeading' }) +
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    '<w:r><w:instrText xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r>' +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r></w:p>' +
    entries.join('') +
    '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
    paragraph(run(words.t('tocHint')), { style: 'Caption' })
  );
}

function documentXml(doc: SynthesisDoc): string {
  const words = synthesisWords(doc.locale);
  const cover = [
    paragraph(run(words.t('platform')), { style: 'Subtitle' }),
    paragraph(run(doc.title), { style: 'Title' }),
    paragraph(run(doc.cycle), { style: 'Subtitle' }),
    paragraph(run(doc.reportsLine)),
    paragraph(run(doc.generated)),
    doc.reportCount === 0 ? paragraph(run(words.t('noReports'), { bold: true })) : '',
    paragraph(run(words.t('draftNote'))),
    doc.partlyEnglish ? paragraph(run(words.t('inEnglish'))) : '',
  ].join('');
  const body = doc.thrusts
    .map(
      (t) =>
        pageBreak +
        paragraph(run(`${t.code}  ${t.name}`), { style: 'Heading1' }) +
        t.questions.map((q) => question(words, q)).join(''),
    )
    .join('');
  const toc = doc.thrusts.length > 0 ? pageBreak + contents(words, doc) : '';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:r="${R}">` +
    `<w:body>${cover}${toc}${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` +
    '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/>' +
    '</w:sectPr></w:body></w:document>'
  );
}

function style(id: string, name: string, props: { p?: string; r?: string; basedOn?: string; outline?: number }) {
  const outline = props.outline === undefined ? '' : `<w:outlineLvl w:val="${props.outline}"/>`;
  return (
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>` +
    `<w:basedOn w:val="${props.basedOn ?? 'Normal'}"/><w:next w:val="Normal"/><w:qFormat/>` +
    `<w:pPr>${props.p ?? ''}${outline}</w:pPr><w:rPr>${props.r ?? ''}</w:rPr></w:style>`
  );
}

function stylesXml(doc: SynthesisDoc): string {
  const tag = esc(doc.tag);
  const accent = '<w:color w:val="00578C"/>';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${W}">` +
    '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="21"/><w:szCs w:val="21"/>' +
    `<w:lang w:val="${tag}" w:eastAsia="${doc.locale === 'zh' ? tag : 'zh-CN'}" w:bidi="fa-IR"/>` +
    '</w:rPr></w:rPrDefault>' +
    '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault>' +
    '</w:docDefaults>' +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
    style('Title', 'Title', {
      r: `<w:b/><w:sz w:val="52"/>${accent}`,
      p: '<w:spacing w:before="2400" w:after="240"/>',
    }) +
    style('Subtitle', 'Subtitle', { r: '<w:sz w:val="28"/><w:color w:val="5F6873"/>' }) +
    style('Heading1', 'heading 1', {
      r: `<w:b/><w:bCs/><w:sz w:val="32"/>${accent}`,
      p: '<w:keepNext/><w:spacing w:before="240" w:after="160"/>',
      outline: 0,
    }) +
    style('Heading2', 'heading 2', {
      r: '<w:b/><w:bCs/><w:sz w:val="24"/>',
      p: '<w:keepNext/><w:spacing w:before="240" w:after="60"/>',
      outline: 1,
    }) +
    style('Caption', 'caption', { r: '<w:sz w:val="17"/><w:color w:val="5F6873"/>' }) +
    style('Quote', 'Quote', {
      p: '<w:pBdr><w:left w:val="single" w:sz="18" w:space="8" w:color="00578C"/></w:pBdr><w:ind w:left="567"/>',
    }) +
    style('QuoteSource', 'Quote source', {
      p: '<w:ind w:left="567"/><w:spacing w:after="200"/>',
      r: '<w:sz w:val="18"/><w:color w:val="5F6873"/>',
    }) +
    style('TOCHeading', 'TOC Heading', { r: `<w:b/><w:sz w:val="32"/>${accent}`, basedOn: 'Normal' }) +
    style('TOC1', 'toc 1', { r: '<w:b/>', p: '<w:spacing w:after="60"/>' }) +
    style('TOC2', 'toc 2', { p: '<w:ind w:left="284"/><w:spacing w:after="40"/>' }) +
    '<w:style w:type="table" w:styleId="SynthesisTable"><w:name w:val="Synthesis table"/><w:tblPr>' +
    '<w:tblBorders><w:top w:val="single" w:sz="4" w:color="D1D5DB"/>' +
    '<w:bottom w:val="single" w:sz="4" w:color="D1D5DB"/>' +
    '<w:insideH w:val="single" w:sz="4" w:color="D1D5DB"/></w:tblBorders>' +
    '<w:tblCellMar><w:left w:w="80" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
    '</w:styles>'
  );
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function packageParts(doc: SynthesisDoc, at: Date): { name: string; data: string }[] {
  const words = synthesisWords(doc.locale);
  const main = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  return [
    {
      name: '[Content_Types].xml',
      data:
        `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/word/document.xml" ContentType="${main}.document.main+xml"/>` +
        `<Override PartName="/word/styles.xml" ContentType="${main}.styles+xml"/>` +
        `<Override PartName="/word/settings.xml" ContentType="${main}.settings+xml"/>` +
        '<Override PartName="/docProps/core.xml" ' +
        'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        `${xmlHead}<Relationships xmlns="${PACKAGE_RELS}">` +
        `<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/>` +
        '<Relationship Id="rId2" Target="docProps/core.xml" ' +
        'Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"/>' +
        '</Relationships>',
    },
    {
      name: 'word/_rels/document.xml.rels',
      data:
        `${xmlHead}<Relationships xmlns="${PACKAGE_RELS}">` +
        `<Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId2" Type="${R}/settings" Target="settings.xml"/></Relationships>`,
    },
    { name: 'word/document.xml', data: documentXml(doc) },
    { name: 'word/styles.xml', data: stylesXml(doc) },
    {
      name: 'word/settings.xml',
      data: `${xmlHead}<w:settings xmlns:w="${W}"><w:updateFields w:val="true"/></w:settings>`,
    },
    {
      name: 'docProps/core.xml',
      data:
        `${xmlHead}<cp:coreProperties ` +
        'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${esc(`${doc.title} · ${doc.cycle}`)}</dc:title>` +
        `<dc:subject>${esc(words.t('subject'))}</dc:subject>` +
        `<dc:creator>${esc(words.t('platform'))}</dc:creator><dc:language>${esc(doc.tag)}</dc:language>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${at.toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created>` +
        '</cp:coreProperties>',
    },
  ];
}

/** The synthesis document as the bytes of a .docx file. */
export function synthesisDocx(doc: SynthesisDoc, at = new Date()): Uint8Array {
  return zip(packageParts(doc, at), at);
}
