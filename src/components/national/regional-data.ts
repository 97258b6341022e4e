/** The regional picture of a cycle as the /regional-reports pages and their CSV files read it. */
import type { Thrust } from '../../lib/national-reports/question-schema.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';
import { countryNameIn } from '../../i18n/countries.ts';
import type { Locale } from '../../i18n/locales.ts';
import { shownText, translationsOf } from '../../lib/public-api/translations.ts';
import type { Translatable } from '../../lib/translations/schema.ts';
import { perBuild } from '../page-data.ts';
import { cycleBundles, publishedReports, questionsOf } from './data.ts';
import { regionalPicture, type QuestionInfo, type RegionalQuestion, type RegionalWords } from './regional.ts';

export interface RegionalCycle {
  bundle: CycleBundle;
  questions: RegionalQuestion[];
  thrusts: Map<string, Thrust>;
}

/**
 * Every cycle with published answers, its questions charted (built once per build; every page asking notes what it is
 * made of).
 */
export const regionalCycles: () => Promise<RegionalCycle[]> = perBuild(
  ['nationalReports', 'nationalCycles'],
  async () => {
    const reports = await publishedReports();
    return (await cycleBundles()).map((bundle) => {
      const thrusts = new Map<string, Thrust>();
      for (const r of reports)
        if (r.report.year === bundle.cycle.year) for (const g of r.groups) thrusts.set(g.thrust.code, g.thrust);
      return { bundle, questions: regionalPicture(bundle.answers, questionsOf(reports, bundle.cycle.year)), thrusts };
    });
  },
);

export interface RegionalThrust {
  code: string;
  /** In URLs: lower case (tc1, ei2, fr). */
  slug: string;
  name: string;
  questions: RegionalQuestion[];
}

/** A cycle's questions by thrust, in the questionnaire's order (one page per thrust). */
export function thrustsOf(regional: RegionalCycle): RegionalThrust[] {
  const groups = Map.groupBy(regional.questions, (q) => q.question.thrust);
  return [...groups]
    .sort(
      ([a], [b]) =>
        (regional.thrusts.get(a)?.sort ?? 99) - (regional.thrusts.get(b)?.sort ?? 99) || a.localeCompare(b, 'en'),
    )
    .map(([code, questions]) => ({
      code,
      slug: code.toLowerCase(),
      name: regional.thrusts.get(code)?.name ?? code,
      questions,
    }));
}

type TextLang = 'en' | undefined;
export type ShownQuestion = RegionalQuestion & { textLang: TextLang };
export interface ShownThrust extends Omit<RegionalThrust, 'questions'> {
  nameLang: TextLang;
  questions: ShownQuestion[];
}

/**
 * A cycle's themes as a page in `locale` shows them (decision 044): theme names, questions,
 * choices and parts as administrators translated them, else the English marked `lang="en"`;
 * country and subregion names and the charts' own words in the language. What countries wrote
 * stays as written. English pages get `thrustsOf` unchanged.
 */
export async function thrustsIn(regional: RegionalCycle, locale: Locale, words: RegionalWords): Promise<ShownThrust[]> {
  const english = (t: RegionalThrust): ShownThrust => ({
    ...t,
    nameLang: undefined,
    questions: t.questions.map((q) => ({ ...q, textLang: undefined })),
  });
  if (locale === 'en') return thrustsOf(regional).map(english);
  const entities = await translationsOf(locale);
  const shown = (entity: Translatable, key: string, field: string, text: string) =>
    shownText(entities, locale, entity, key, field, text);
  const lang = (text: { lang: Locale }): TextLang => (text.lang === 'en' ? 'en' : undefined);
  const textLang = new Map<string, TextLang>();
  const known = new Map<string, QuestionInfo & { sort: number }>();
  for (const r of await publishedReports()) {
    if (r.report.year !== regional.bundle.cycle.year) continue;
    for (const g of r.groups)
      for (const s of g.subcategories)
        for (const { question: q } of s.items) {
          if (known.has(q.code)) continue;
          const of = (field: string, text: string) => shown('question', q.uuid, field, text).text;
          const text = shown('question', q.uuid, 'text', q.text);
          textLang.set(q.code, lang(text));
          known.set(q.code, {
            ...q,
            text: text.text,
            unit: q.unit === null ? null : of('unit', q.unit),
            options: q.options.map((o) => ({ ...o, label: of(`option.${o.value}`, o.label) })),
            parts: q.parts.map((p) => ({ ...p, label: of(`part.${p.key}`, p.label) })),
          });
        }
  }
  const rows = regional.bundle.answers.map((row) => ({
    ...row,
    country: countryNameIn(locale, row.country_code, row.country),
  }));
  const questions = regionalPicture(rows, known, words);
  return thrustsOf({ ...regional, questions }).map((t) => {
    const name = shown('thrust', t.code, 'name', t.name);
    return {
      ...t,
      name: name.text,
      nameLang: lang(name),
      questions: t.questions.map((q) => ({ ...q, textLang: textLang.get(q.question.code) ?? 'en' })),
    };
  });
}
