import { describe, expect, it } from 'vitest';
import type { PublicAnswerRow } from '../../lib/national-reports/public-schema.ts';
import { infoFromRows, regionalPicture, regionalQuestion, type QuestionInfo } from './regional.ts';

const row = (
  code: string,
  country: string,
  subregion: string,
  question_code: string,
  value: PublicAnswerRow['value'],
  extra: Partial<PublicAnswerRow> = {},
): PublicAnswerRow => ({
  country_code: code,
  country,
  subregion,
  year: 2022,
  question_code,
  question: `Question ${question_code}`,
  thrust: 'TC1',
  subcategory: '1.2',
  question_tier: 1,
  answer_type: 'pct',
  unit: '%',
  sdg_refs: ['11.1.1'],
  value,
  display: String(value),
  text: null,
  data_year: 2018,
  source: 'UN-Habitat',
  demo: false,
  ...extra,
});

const info = (over: Partial<QuestionInfo>): QuestionInfo => ({
  code: 'Q04',
  text: 'Urban population living in slums',
  thrust: 'TC1',
  subcategory: '1.2',
  question_tier: 1,
  answer_type: 'pct',
  unit: '%',
  decimals: 1,
  options: [],
  parts: [],
  sdg_refs: ['11.1.1'],
  ...over,
});

describe('regionalQuestion', () => {
  it('numeric answers: one value per country and the regional median', () => {
    const rows = [
      row('MM', 'Myanmar', 'south-east-asia', 'Q04', 58.3),
      row('VN', 'Viet Nam', 'south-east-asia', 'Q04', 5.8),
      row('PH', 'Philippines', 'south-east-asia', 'Q04', 44.3),
    ];
    const [chart] = regionalQuestion(info({}), rows).charts;
    expect(chart).toMatchObject({ kind: 'bars', id: 'q04', median: 44.3 });
    if (chart?.kind !== 'bars') throw new Error('bars expected');
    expect(chart.values.map((v) => [v.code, v.value, v.data_year, v.source])).toEqual([
      ['MM', 58.3, 2018, 'UN-Habitat'],
      ['VN', 5.8, 2018, 'UN-Habitat'],
      ['PH', 44.3, 2018, 'UN-Habitat'],
    ]);
  });

  it('multi-part numeric answers: one chart per part, a missing part left out', () => {
    const q = info({
      code: 'Q05',
      parts: [
        { key: 'documented', label: 'Documented' },
        { key: 'perceived', label: 'Perceived' },
      ],
    });
    const rows = [
      row('PH', 'Philippines', 'south-east-asia', 'Q05', { documented: 40, perceived: 70 }),
      row('TH', 'Thailand', 'south-east-asia', 'Q05', { documented: 60, perceived: null }),
    ];
    const charts = regionalQuestion(q, rows).charts;
    expect(charts.map((c) => c.id)).toEqual(['q05-documented', 'q05-perceived']);
    expect(charts.map((c) => (c.kind === 'bars' ? c.values.length : -1))).toEqual([2, 1]);
    expect(charts[0]!.title).toBe('Urban population living in slums: Documented');
  });

  it('yes/no answers: counts for the region and per subregion, with the countries that said yes', () => {
    const q = info({ code: 'Q21', answer_type: 'yn', unit: null });
    const rows = [
      row('PH', 'Philippines', 'south-east-asia', 'Q21', true),
      row('VN', 'Viet Nam', 'south-east-asia', 'Q21', false),
      row('FJ', 'Fiji', 'pacific', 'Q21', true),
      row('ZZ', 'Elsewhere', 'other', 'Q21', null),
    ];
    const [chart] = regionalQuestion(q, rows).charts;
    if (chart?.kind !== 'yes-no') throw new Error('yes-no expected');
    expect(chart.groups.map((g) => [g.label, g.counts, g.detail])).toEqual([
      ['All countries', [2, 1], ['Fiji', 'Philippines']],
      ['South-East Asia', [1, 1], ['Philippines']],
      ['Pacific', [1, 0], ['Fiji']],
    ]);
  });

  it('multi-part yes/no answers: counts per part', () => {
    const q = info({
      code: 'Q26',
      answer_type: 'yn',
      parts: [
        { key: 'population', label: 'Population dynamics' },
        { key: 'fiscal', label: 'Local fiscal space' },
      ],
    });
    const rows = [
      row('PH', 'Philippines', 'south-east-asia', 'Q26', { population: true, fiscal: false }),
      row('JP', 'Japan', 'east-north-east-asia', 'Q26', { population: true, fiscal: true }),
    ];
    const [chart] = regionalQuestion(q, rows).charts;
    if (chart?.kind !== 'yes-no') throw new Error('yes-no expected');
    expect(chart.groups.map((g) => [g.label, g.counts])).toEqual([
      ['Population dynamics', [2, 0]],
      ['Local fiscal space', [1, 1]],
    ]);
  });

  it('choices: how many countries chose each option, options nobody chose included', () => {
    const q = info({
      code: 'Q32',
      answer_type: 'multi',
      options: [
        { value: 'plan', label: 'Spatial plan' },
        { value: 'law', label: 'Planning law' },
        { value: 'code', label: 'Building code' },
      ],
    });
    const rows = [
      row('PH', 'Philippines', 'south-east-asia', 'Q32', ['plan', 'law']),
      row('JP', 'Japan', 'east-north-east-asia', 'Q32', ['plan']),
    ];
    const [chart] = regionalQuestion(q, rows).charts;
    if (chart?.kind !== 'options') throw new Error('options expected');
    expect(chart.counts.map((c) => [c.label, c.value])).toEqual([
      ['Spatial plan', 2],
      ['Planning law', 1],
      ['Building code', 0],
    ]);
  });

  it('narratives: the countries that answered, by name', () => {
    const q = info({ code: 'Q18', answer_type: 'txt' });
    const rows = [
      row('TH', 'Thailand', 'south-east-asia', 'Q18', 'Tourism'),
      row('JP', 'Japan', 'east-north-east-asia', 'Q18', 'Creative cities'),
    ];
    const [chart] = regionalQuestion(q, rows).charts;
    expect(chart?.kind === 'text' && chart.countries.map((c) => c.name)).toEqual(['Japan', 'Thailand']);
  });
});

describe('regionalPicture', () => {
  it('orders questions as the questionnaire does, and guesses what no report described', () => {
    const rows = [
      row('PH', 'Philippines', 'south-east-asia', 'Q09', 80),
      row('PH', 'Philippines', 'south-east-asia', 'Q04', 44.3),
      row('PH', 'Philippines', 'south-east-asia', 'Q05', { documented: 40 }),
    ];
    const known = new Map([
      ['Q04', { ...info({}), sort: 4 }],
      ['Q09', { ...info({ code: 'Q09' }), sort: 9 }],
    ]);
    expect(regionalPicture(rows, known).map((q) => q.question.code)).toEqual(['Q04', 'Q09', 'Q05']);
    expect(infoFromRows([rows[2]!]).parts).toEqual([{ key: 'documented', label: 'documented' }]);
  });
});
