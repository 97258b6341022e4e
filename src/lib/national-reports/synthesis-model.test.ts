import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../i18n/catalogue-rules.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { testQuestion } from '../../../tests/support/questions.ts';
import { synthesisDoc, type SynthesisInput } from './synthesis-model.ts';
import { SYNTHESIS_CATALOGUES } from './synthesis-words.ts';

const THRUSTS = [
  { code: 'TC2', name: 'Prosperity', sort: 2, nua_paragraphs: null },
  { code: 'TC1', name: 'Social inclusion', sort: 1, nua_paragraphs: null },
];

/** Three countries, a figure, a figure in parts, a yes/no, a choice of several and a narrative question. */
function input(patch: Partial<SynthesisInput> = {}): SynthesisInput {
  return {
    year: 2026,
    locale: 'fr',
    at: new Date('2026-12-07T10:00:00Z'),
    thrusts: THRUSTS,
    questions: [
      testQuestion({ uuid: 'q1', code: 'Q01', answer_type: 'pct', sort: 1 }),
      testQuestion({
        uuid: 'q2',
        code: 'Q02',
        answer_type: 'int',
        unit: 'logements',
        parts: [
          { key: 'a', label: 'Urbain' },
          { key: 'b', label: 'Rural' },
        ],
        sort: 2,
      }),
      testQuestion({ uuid: 'q3', code: 'Q03', answer_type: 'yn', thrust: 'TC2', sort: 3 }),
      testQuestion({
        uuid: 'q4',
        code: 'Q04',
        answer_type: 'multi',
        options: [
          { value: 'a', label: 'Loi' },
          { value: 'b', label: 'Plan' },
        ],
        sort: 4,
      }),
      testQuestion({ uuid: 'q5', code: 'Q05', answer_type: 'txt', sort: 5 }),
    ],
    reports: [
      { id: 1, country_code: 'TH', country_name: 'Thailand', written_in: 'th' },
      { id: 2, country_code: 'AF', country_name: 'Afghanistan', written_in: 'fa-AF' },
      { id: 3, country_code: 'RU', country_name: 'Russian Federation', written_in: null },
    ],
    answers: [
      { report_id: 1, question_uuid: 'q1', value: 20, text: null },
      { report_id: 2, question_uuid: 'q1', value: 58.25, text: null },
      { report_id: 3, question_uuid: 'q1', value: 30, text: null },
      { report_id: 1, question_uuid: 'q2', value: { a: 1200, b: null }, text: null },
      { report_id: 2, question_uuid: 'q2', value: { a: 300, b: 40 }, text: null },
      { report_id: 1, question_uuid: 'q3', value: true, text: null },
      { report_id: 2, question_uuid: 'q3', value: true, text: null },
      { report_id: 3, question_uuid: 'q3', value: false, text: null },
      { report_id: 1, question_uuid: 'q4', value: ['a', 'b'], text: null },
      { report_id: 3, question_uuid: 'q4', value: ['b'], text: null },
      { report_id: 1, question_uuid: 'q5', value: 'กรุงเทพมหานคร ผู้ที่อยู่อาศัย', text: null },
      { report_id: 2, question_uuid: 'q5', value: 'برنامه جدید شهری تهران', text: null },
      { report_id: 3, question_uuid: 'q5', value: '   ', text: null },
      // An answer of a report that is not handed in is not read.
      { report_id: 9, question_uuid: 'q1', value: 99, text: null },
    ],
    quotes: [
      { question_uuid: 'q5', report_id: 2, sort: 0 },
      { question_uuid: 'q5', report_id: 1, sort: 1 },
      { question_uuid: 'q5', report_id: 9, sort: 2 },
    ],
    partlyEnglish: false,
    ...patch,
  };
}

describe('the regional synthesis’s model (decision 079)', () => {
  it('groups the questions by thrust in order, in the chosen language', () => {
    const doc = synthesisDoc(input());
    expect(doc.title).toBe('Projet — synthèse régionale');
    expect(doc.cycle).toBe('Cycle de rapport 2026');
    expect(doc.generated).toBe('Généré le 7 décembre 2026');
    expect(doc.reportsLine).toBe('Établi à partir de 3 rapports nationaux soumis, acceptés ou publiés');
    expect(doc.thrusts.map((t) => [t.code, t.questions.map((q) => q.code)])).toEqual([
      ['TC1', ['Q01', 'Q02', 'Q04', 'Q05']],
      ['TC2', ['Q03']],
    ]);
  });

  it('sorts figures highest first, with the median, lowest and highest, countries named in the language', () => {
    const [q1, q2] = synthesisDoc(input()).thrusts[0]!.questions;
    const [series] = q1!.figures;
    expect(q1!.answered).toBe(3);
    expect(series!.values.map((v) => [v.country, v.shown])).toEqual([
      ['Afghanistan', '58,25\u00a0%'],
      ['Russie', '30\u00a0%'],
      ['Thaïlande', '20\u00a0%'],
    ]);
    expect(series!.median).toBe('30\u00a0%');
    expect(series!.min?.country_code).toBe('TH');
    expect(series!.max?.country_code).toBe('AF');
    // A question in parts: one series per part, its median of two values their mean.
    expect(q2!.figures.map((s) => [s.label, s.values.length, s.median])).toEqual([
      ['Urbain', 2, '750\u00a0logements'],
      ['Rural', 1, '40\u00a0logements'],
    ]);
  });

  it('counts yes and no, and each choice of a question of several', () => {
    const doc = synthesisDoc(input());
    const q3 = doc.thrusts[1]!.questions[0]!;
    expect(q3.choices).toEqual([
      {
        label: null,
        counts: [
          { label: 'Oui', count: 2 },
          { label: 'Non', count: 1 },
        ],
      },
    ]);
    const q4 = doc.thrusts[0]!.questions[2]!;
    expect(q4.choices[0]!.counts).toEqual([
      { label: 'Loi', count: 1 },
      { label: 'Plan', count: 2 },
    ]);
  });

  it('quotes the chosen narrative answers in the chosen order, as written, with their language and direction', () => {
    const q5 = synthesisDoc(input()).thrusts[0]!.questions[3]!;
    expect(q5.answered).toBe(2); // a blank text is no answer
    expect(q5.quotes).toEqual([
      { country_code: 'AF', country: 'Afghanistan', text: 'برنامه جدید شهری تهران', lang: 'fa-AF', rtl: true },
      { country_code: 'TH', country: 'Thaïlande', text: 'กรุงเทพมหานคร ผู้ที่อยู่อาศัย', lang: 'th', rtl: false },
    ]);
  });

  it('keeps at most five quotations, and says when no report is handed in', () => {
    const reports = Array.from({ length: 7 }, (_, i) => ({
      id: i + 1,
      country_code: `C${i}`,
      country_name: `Country ${i}`,
      written_in: null,
    }));
    const doc = synthesisDoc(
      input({
        locale: 'en',
        reports,
        answers: reports.map((r) => ({ report_id: r.id, question_uuid: 'q5', value: `Text ${r.id}`, text: null })),
        quotes: reports.map((r, i) => ({ question_uuid: 'q5', report_id: r.id, sort: i })),
      }),
    );
    expect(doc.thrusts[0]!.questions[3]!.quotes.map((q) => q.text)).toEqual([1, 2, 3, 4, 5].map((n) => `Text ${n}`));
    const empty = synthesisDoc(input({ locale: 'ru', reports: [], answers: [], quotes: [] }));
    expect(empty.reportCount).toBe(0);
    expect(empty.reportsLine).toBe('Национальные доклады ещё не представлены');
    expect(empty.thrusts[0]!.questions[0]!.figures[0]!.values).toEqual([]);
  });

  it('has its words whole in every language', () => {
    for (const locale of LOCALES) {
      if (locale !== 'en')
        expect(catalogueProblems(SYNTHESIS_CATALOGUES.en, SYNTHESIS_CATALOGUES[locale], locale), locale).toEqual([]);
    }
  });
});
