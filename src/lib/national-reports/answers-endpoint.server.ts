import { requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import { notFound } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { headAfter, readAnswers, type AnswersEndpoint } from '../questionnaires/answers-route.server.ts';
import { saveAnswers } from '../questionnaires/save.server.ts';
import { ANSWERS_PER_SAVE_MAX } from '../questionnaires/schema.ts';
import { nationalReportForm, type ReportKey } from './answers.server.ts';

/**
 * A national report on the answers route (decision 071): `/api/forms/national-report/{year}-{CC}/answers`,
 * e.g. `2026-TH`. Reading needs the report's view rule, saving its create or update rule, both in
 * the person's country scope; the workflow decides the rest (423 once the answers are locked).
 */

const INSTANCE = /^(\d{4})-([A-Za-z]{2})$/;

const instanceOf = (key: ReportKey) => `${key.year}-${key.countryCode}`;

export const nationalReportAnswers: AnswersEndpoint<ReportKey> = {
  form: 'national-report',
  key(instance) {
    const parts = INSTANCE.exec(instance);
    return parts ? { year: Number(parts[1]), countryCode: parts[2]!.toUpperCase() } : null;
  },
  maxAnswers: ANSWERS_PER_SAVE_MAX,
  async read(c, key) {
    requireCountryScope(requireModuleRule(c, 'national_report', ['view']), key.countryCode);
    const read = await readAnswers(c.get('deps'), nationalReportForm, key);
    if (!read)
      throw notFound(say('There is no {year} report for {country}', { year: key.year, country: key.countryCode }));
    const { report } = read.instance;
    return {
      form: 'national-report',
      instance: instanceOf(key),
      ...headAfter(null, report),
      completeness: read.completeness,
      answers: read.answers,
      questions: read.questions,
    };
  },
  async save(c, key, answers) {
    const auth = requireModuleRule(c, 'national_report', ['create', 'update']);
    requireCountryScope(auth, key.countryCode);
    const saved = await saveAnswers(c.get('deps'), nationalReportForm, key, auth, answers);
    return {
      form: 'national-report',
      instance: instanceOf(key),
      ...headAfter(saved.row, saved.instance.report),
      completeness: saved.completeness,
      answers: saved.answers,
    };
  },
};
