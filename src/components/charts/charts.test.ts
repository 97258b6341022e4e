import { describe, expect, it } from 'vitest';
import { layoutBars, layoutStacks, median, sortBars, wrapLabel } from './bars.ts';
import { csvCell, csvResponse, toCsv } from '../../lib/open-data/csv.ts';
import { answerWithUnits, formatNumber, withUnit } from './format.ts';
import { layoutLine } from './line.ts';
import { comparisonRows, comparisonSummary } from './comparison.ts';
import { expectCases } from '../../../tests/support/cases.ts';

const bars = [
  { key: 'VN', label: 'Viet Nam', value: 5.8 },
  { key: 'MM', label: 'Myanmar', value: 58.3 },
  { key: 'PH', label: 'Philippines', value: 44.3 },
  { key: 'TH', label: 'Thailand', value: 44.3 },
];

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5.8, 58.3, 44.3])).toBe(44.3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });
  it('is null for no values and ignores non-numbers', () => {
    expect(median([])).toBeNull();
    expect(median([Number.NaN, 4, Number.POSITIVE_INFINITY])).toBe(4);
  });
});

describe('sortBars', () => {
  it('puts the largest first and breaks ties by name, without changing the input', () => {
    expect(sortBars(bars).map((b) => b.key)).toEqual(['MM', 'PH', 'TH', 'VN']);
    expect(sortBars(bars, 'asc').map((b) => b.key)).toEqual(['VN', 'PH', 'TH', 'MM']);
    expect(bars[0]!.key).toBe('VN');
  });
});

describe('layoutBars', () => {
  it('draws bars proportional to their values on a fixed 0–100 domain, with the median line', () => {
    const layout = layoutBars(sortBars(bars), { domain: [0, 100], reference: 44.3, width: 440, labelWidth: 150 });
    const [mm, , , vn] = layout.rows;
    expect(layout.zeroX).toBe(150);
    expect(mm!.barWidth).toBeCloseTo((58.3 / 100) * (428 - 150), 0);
    expect(vn!.barWidth).toBeCloseTo((5.8 / 100) * (428 - 150), 0);
    expect(layout.reference).toEqual({
      value: 44.3,
      x: expect.closeTo(150 + 0.443 * 278, 0),
      text: '44.3',
      labelX: expect.closeTo(150 + 0.443 * 278, 0),
    });
    // The median's label sits above the bars.
    expect(layout.rows.map((r) => r.y)).toEqual([24, 48, 72, 96]);
    expect(layout.height).toBe(24 + 4 * 24 + 26);
    expect(layout.ticks.map((t) => t.text)).toEqual(['0', '20', '40', '60', '80', '100']);
  });

  it('rounds the domain up to a nice number and puts a long bar’s value inside it', () => {
    const layout = layoutBars([{ key: 'JP', label: 'Japan', value: 91.78 }], { decimals: 1 });
    expect(layout.ticks.at(-1)?.value).toBe(100);
    expect(layout.rows[0]!.valueText).toBe('91.8');
    const full = layoutBars([{ key: 'SG', label: 'Singapore', value: 100 }], { domain: [0, 100] });
    expect(full.rows[0]!.valueInside).toBe(true);
  });

  it('draws negative values left of zero', () => {
    const layout = layoutBars([
      { key: 'A', label: 'A', value: -2 },
      { key: 'B', label: 'B', value: 6 },
    ]);
    expect(layout.rows[0]!.x).toBeLessThan(layout.zeroX);
    expect(layout.rows[0]!.x + layout.rows[0]!.barWidth).toBeCloseTo(layout.zeroX, 1);
    expect(layout.rows[1]!.x).toBe(layout.zeroX);
  });

  it('keeps the median’s label inside the plot when the median is near an edge', () => {
    const layout = layoutBars([{ key: 'A', label: 'A', value: 0.5 }], { domain: [0, 100], reference: 0.5 });
    expect(layout.reference!.labelX).toBe(layout.plotLeft + 45);
    expect(layoutBars([{ key: 'A', label: 'A', value: 1 }]).rows[0]!.y).toBe(8);
  });

  it('wraps long names onto more lines, never cutting them, and gives their row the room', () => {
    expect(wrapLabel('Micronesia (Federated States of)', 19)).toEqual(['Micronesia', '(Federated States', 'of)']);
    expect(wrapLabel('Lao People’s Democratic Republic', 19)).toEqual(['Lao People’s', 'Democratic Republic']);
    expect(wrapLabel('Nepal', 19)).toEqual(['Nepal']);
    // A word longer than a line breaks after its hyphens, never inside a part; a part still longer stays whole.
    expect(wrapLabel('Kyrgyzstan-and-a-very-long-word', 10)).toEqual(['Kyrgyzstan-', 'and-a-', 'very-long-', 'word']);
    expect(wrapLabel('Лаосская Народно-Демократическая Республика', 19)).toEqual([
      'Лаосская Народно-',
      'Демократическая',
      'Республика',
    ]);
    expect(wrapLabel('Kyrgyzstanandaverylongword', 10)).toEqual(['Kyrgyzstanandaverylongword']);
    const layout = layoutBars([
      { key: 'LA', label: 'Lao People’s Democratic Republic', value: 2 },
      { key: 'NP', label: 'Nepal', value: 1 },
    ]);
    expect(layout.rows.map((r) => r.lines.join(' '))).toEqual(['Lao People’s Democratic Republic', 'Nepal']);
    expect(layout.rows.map((r) => r.height)).toEqual([38, 24]);
    expect(layout.rows[1]!.y).toBe(layout.rows[0]!.y + 38);
    expect(layout.height).toBe(8 + 38 + 24 + 26);
  });
});

describe('layoutStacks', () => {
  it('writes the names of the subregions whole', () => {
    const names = [
      'East and North-East Asia',
      'South-East Asia',
      'South and South-West Asia',
      'North and Central Asia',
      'Pacific',
    ];
    const layout = layoutStacks(names.map((label, i) => ({ key: String(i), label, counts: [1, 1] })));
    expect(layout.rows.map((r) => r.lines.join(' '))).toEqual(names);
    expect(layout.rows.map((r) => r.lines.length)).toEqual([2, 1, 2, 2, 1]);
  });
  it('stacks yes and no counts on one scale up to the largest total', () => {
    const layout = layoutStacks(
      [
        { key: 'sea', label: 'South-East Asia', counts: [6, 2] },
        { key: 'pac', label: 'Pacific', counts: [1, 3] },
      ],
      { width: 440, labelWidth: 150 },
    );
    const [sea, pac] = layout.rows;
    expect(sea!.total).toBe(8);
    expect(sea!.segments[0]!.x).toBe(150);
    expect(sea!.segments[1]!.x).toBeCloseTo(sea!.segments[0]!.x + sea!.segments[0]!.width, 1);
    expect(sea!.segments[0]!.width + sea!.segments[1]!.width).toBeCloseTo(410 - 150, 1);
    expect(pac!.segments[0]!.width).toBeCloseTo(260 / 8, 0);
  });
});

describe('layoutLine', () => {
  it('orders points by year and spans the plot from the first to the last year', () => {
    const layout = layoutLine([
      { year: 2026, value: 30 },
      { year: 2018, value: 50 },
      { year: 2022, value: 40 },
    ]);
    expect(layout.points.map((p) => p.year)).toEqual([2018, 2022, 2026]);
    expect(layout.points[0]!.cx).toBe(layout.left);
    expect(layout.points[2]!.cx).toBe(layout.right);
    expect(layout.points[0]!.cy).toBeLessThan(layout.points[2]!.cy);
    expect(layout.path).toMatch(/^M[\d.]+,[\d.]+L/);
  });

  it('writes as many years and values as fit without touching, the first and the last always', () => {
    const points = Array.from({ length: 25 }, (_, i) => ({ year: 2000 + i, value: 2_000_000 + i * 50_000 }));
    const layout = layoutLine(points);
    const xs = layout.years.map((y) => y.x);
    expect(layout.years[0]!.year).toBe(2000);
    expect(layout.years.at(-1)!.year).toBe(2024);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(40);
    // The first year and value start at the axis, clear of its numbers; the last end inside the chart.
    expect(layout.years[0]!.anchor).toBe('start');
    expect(layout.points[0]!.anchor).toBe('start');
    expect(layout.points[0]!.labelX).toBeGreaterThanOrEqual(layout.left - 2);
    expect(layout.points.filter((p) => p.labelled).map((p) => p.year)).toEqual([2000, 2024]);
    expect(layout.points.at(-1)!.anchor).toBe('end');
    expect(layoutLine(points.slice(0, 3)).points.every((p) => p.labelled)).toBe(true);
  });

  it('draws a single point in the middle', () => {
    const layout = layoutLine([{ year: 2022, value: 5 }]);
    expect(layout.points[0]!.cx).toBeCloseTo((layout.left + layout.right) / 2, 1);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and leaves plain cells alone', () => {
    expectCases(csvCell, [
      ['Viet Nam', 'Viet Nam'],
      ['Korea, Republic of', '"Korea, Republic of"'],
      ['the "NUP"', '"the ""NUP"""'],
      ['line one\nline two', '"line one\nline two"'],
      [null, ''],
      [58.3, '58.3'],
      [-2, '-2'],
      [false, 'false'],
    ]);
  });

  it('keeps text that a spreadsheet would run as a formula from running', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+63 2 555')).toBe("'+63 2 555");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('writes a header row and CRLF line ends', () => {
    const csv = toCsv(
      [
        { name: 'country_code', value: (r: { code: string; v: number | null }) => r.code },
        { name: 'value', value: (r) => r.v },
      ],
      [
        { code: 'MM', v: 58.3 },
        { code: 'VN', v: null },
      ],
    );
    expect(csv).toBe('country_code,value\r\nMM,58.3\r\nVN,\r\n');
  });

  it('serves the file as plain UTF-8 (no byte-order mark), so every reader gets the header as written', async () => {
    const response = csvResponse(toCsv([{ name: 'country', value: (r: string) => r }], ['Türkiye', "Côte d'Ivoire"]));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 7).toString('latin1')).toBe('country');
    expect(bytes.toString('utf8')).toBe("country\r\nTürkiye\r\nCôte d'Ivoire\r\n");
  });
});

describe('formatNumber', () => {
  it('shows up to two decimals by default, or exactly as many as the question asks', () => {
    expect(formatNumber(45, null)).toBe('45');
    expect(formatNumber(5.834, null)).toBe('5.83');
    expect(formatNumber(37468, null)).toBe('37,468');
    expect(formatNumber(5.8, 2)).toBe('5.80');
    expect(formatNumber(Number.NaN, null)).toBe('');
  });
  it('attaches the unit', () => {
    expect(withUnit('5.8', '%')).toBe('5.8%');
    // A no-break space: a phone never leaves the number on one line and its unit on the next.
    expect(withUnit('18', 'µg/m³')).toBe('18\u00a0µg/m³');
    expect(withUnit('3', null)).toBe('3');
  });
  it('writes the units of a worded answer as withUnit does', () => {
    expect(answerWithUnits('50.5 %', '%')).toBe('50.5%');
    expect(
      answerWithUnits(
        'With legally recognised documentation: 50.5 %; Who perceive their rights as secure: 86.4 %',
        '%',
      ),
    ).toBe('With legally recognised documentation: 50.5%; Who perceive their rights as secure: 86.4%');
    expect(answerWithUnits('138,867 units', 'units')).toBe('138,867\u00a0units');
    expect(answerWithUnits('253.9 per 100,000 people', 'per 100,000 people')).toBe('253.9\u00a0per 100,000 people');
    // Only a number's unit: words that merely contain it, and answers without a unit, stay as they are.
    expect(answerWithUnits('Women: 3 %; Men: – ', '%')).toBe('Women: 3%; Men: – ');
    expect(answerWithUnits('2 unitsets', 'units')).toBe('2 unitsets');
    expect(answerWithUnits('Yes', null)).toBe('Yes');
  });
});

describe('textOn', () => {
  it('writes white on dark marks and near-black on light ones', async () => {
    const { textOn, luminance } = await import('./colours.ts');
    expect(textOn('#175a86')).toBe('#ffffff');
    expect(textOn('#082437')).toBe('#ffffff');
    expect(textOn('#e2e8f0')).toBe('#0f172a');
    expect(textOn('#aed2ea')).toBe('#0f172a');
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
  });
});

describe('comparisonRows', () => {
  const data = [
    { key: 'A', label: 'Proportion of urban population living in slums', value: 80, median: 40 },
    { key: 'B', label: 'Short', value: 5, median: 5 },
    { key: 'C', label: 'Over', value: 130, median: -4 },
    { key: 'D', label: 'Under', value: 12.25, median: 30 },
  ];
  it('places each value and the median on 0–100 %, keeping values outside it on the track', () => {
    const rows = comparisonRows(data, 1);
    expect(rows.map((r) => [r.barPct, r.medianPct])).toEqual([
      [80, 40],
      [5, 5],
      [100, 0],
      [12.25, 30],
    ]);
    expect(rows.map((r) => r.valueText)).toEqual(['80.0%', '5.0%', '130.0%', '12.3%']);
    expect(rows.map((r) => r.relation)).toEqual(['above', 'level', 'above', 'below']);
  });
  it('sums the comparison up in words', () => {
    expect(comparisonSummary('Indonesia', comparisonRows(data))).toBe(
      '4 percentages: Indonesia is above the regional median on 2 and below it on 1, level with it on 1.',
    );
    expect(comparisonSummary('Fiji', comparisonRows(data.slice(3)))).toBe('Fiji: 12.25%, regional median 30%.');
    expect(comparisonSummary('Fiji', comparisonRows([data[0]!, data[3]!]))).toBe(
      '2 percentages: Fiji is above the regional median on 1 and below it on 1.',
    );
  });
});

describe('layoutLine with a range', () => {
  it('draws the band from the lowest to the highest value of each year, and makes room for it', () => {
    const layout = layoutLine([
      { year: 2000, value: 40, low: 10, high: 90 },
      { year: 2010, value: 50, low: 20, high: 140 },
      { year: 2020, value: 60, low: 30, high: 95 },
    ]);
    expect(layout.band).toMatch(/^M[\d.]+,[\d.]+L.*Z$/);
    // The highest value (140) is inside the plot: the axis reaches at least that far.
    expect(Math.max(...layout.yTicks.map((t) => t.value))).toBeGreaterThanOrEqual(140);
    expect(layout.points.map((p) => [p.low, p.high])).toEqual([
      [10, 90],
      [20, 140],
      [30, 95],
    ]);
  });

  it('has no band when the points carry no range', () => {
    expect(
      layoutLine([
        { year: 2000, value: 1 },
        { year: 2001, value: 2 },
      ]).band,
    ).toBeNull();
  });
});

describe('charts in the page’s language', () => {
  const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it('write numbers and percentages the French way: 12 345,6 %', () => {
    expect(spaced(withUnit(formatNumber(12345.6, 1, 'fr'), '%', 'fr'))).toBe('12 345,6 %');
    expect(spaced(withUnit(formatNumber(12345.6, 1, 'ru'), '%', 'ru'))).toBe('12 345,6 %');
    expect(withUnit(formatNumber(12345.6, 1, 'zh-Hans'), '%', 'zh-Hans')).toBe('12,345.6%');
    expect(withUnit(formatNumber(12345.6, 1), '%')).toBe('12,345.6%');
    // The no-break space keeps the sign on the number's line.
    expect(withUnit('5', '%', 'fr')).toMatch(/^5[\u00a0\u202f]%$/);
  });
  it('lay bars and axes out with the language’s numbers', () => {
    const layout = layoutBars(
      [
        { key: 'A', label: 'A', value: 12345.6 },
        { key: 'B', label: 'B', value: 0.5 },
      ],
      { decimals: 1, reference: 2.5, lang: 'fr' },
    );
    expect(layout.rows.map((r) => spaced(r.valueText))).toEqual(['12 345,6', '0,5']);
    expect(layout.reference?.text).toBe('2,5');
    expect(
      layoutLine(
        [
          { year: 2000, value: 1.5 },
          { year: 2001, value: 2.25 },
        ],
        { lang: 'ru' },
      ).points.map((p) => p.text),
    ).toEqual(['1,5', '2,25']);
  });
  it('sum the comparison up in the language', () => {
    const rows = comparisonRows(
      [
        { key: 'A', label: 'A', value: 80, median: 40 },
        { key: 'B', label: 'B', value: 12.5, median: 30 },
      ],
      1,
      'fr',
    );
    expect(rows.map((r) => spaced(r.valueText))).toEqual(['80,0 %', '12,5 %']);
    expect(spaced(comparisonSummary('Fidji', rows, 'fr'))).toBe(
      '2 pourcentages : Fidji se situe au-dessus de la médiane régionale pour 1 et en dessous pour 1.',
    );
    expect(spaced(comparisonSummary('Fidji', rows.slice(1), 'fr'))).toBe(
      'Fidji : 12,5 % ; médiane régionale : 30,0 %.',
    );
    expect(
      comparisonSummary(
        '斐济',
        comparisonRows(
          [
            { key: 'A', label: 'A', value: 80, median: 40 },
            { key: 'B', label: 'B', value: 12.5, median: 30 },
          ],
          1,
          'zh-Hans',
        ),
        'zh',
      ),
    ).toBe('共 2 项百分比：斐济有 1 项高于区域中位数，1 项低于区域中位数。');
  });
});
