import type { PublicCategoryResponse } from '../urbanisation-profile/schema.ts';
import { flowData } from './flow-data.ts';
import { PROFILE_DATAFLOW, REPORTS_DATAFLOW, sdmxStructure, type IndicatorEntry, type QuestionEntry } from './flows.ts';
import type { FlowData } from './model.ts';
import { profileData } from './profile-data.ts';
import { reportsData, type CycleAnswers } from './reports-data.ts';

/**
 * What the SDMX messages of a flow are written from, made from the public data whoever reads
 * them: the API from the database (queries.server.ts), the site build from its content
 * collections (src/components/sdmx/files.ts). One path from the published figures to the
 * observations, so that the static files and the API's answers cannot disagree.
 */

export interface ProfileSource {
  indicators: readonly IndicatorEntry[];
  data: FlowData;
  /** When it was read: the `prepared` time of the API's messages drawn from it. */
  readAt: Date;
}

export interface ReportsSource {
  questions: readonly QuestionEntry[];
  cycles: readonly number[];
  data: FlowData;
  readAt: Date;
}

/** The profile flow from the published themes, as /api/profile/public/category/{slug} gives each. */
export function profileSource(
  categories: readonly PublicCategoryResponse['data'][],
  readAt = new Date(),
): ProfileSource {
  const { indicators, observations } = profileData(categories);
  const structure = sdmxStructure({ indicators, questions: [], cycles: [] });
  return { indicators, data: flowData(structure, PROFILE_DATAFLOW, observations), readAt };
}

/** The national-reports flow from each public cycle's published answers. */
export function reportsSource(answers: readonly CycleAnswers[], readAt = new Date()): ReportsSource {
  const cycles = answers.map((a) => a.year);
  const { questions, observations } = reportsData(answers);
  const structure = sdmxStructure({ indicators: [], questions, cycles });
  return { questions, cycles, data: flowData(structure, REPORTS_DATAFLOW, observations), readAt };
}

/**
 * A reporting cycle as the site's collection keeps it (src/lib/public-api/national-reports.ts
 * CycleBundle: the cycle, its questions and its answers) in the shape of the public answers
 * endpoint that the API reads.
 */
export function cycleAnswersOf(bundle: {
  cycle: { year: number };
  questions?: CycleAnswers['questions'] | undefined;
  answers: CycleAnswers['data'];
}): CycleAnswers {
  return { year: bundle.cycle.year, questions: bundle.questions ?? [], data: bundle.answers };
}
