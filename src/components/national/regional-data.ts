/** The regional picture of a cycle as the /regional-reports pages and their CSV files read it. */
import type { Thrust } from '../../lib/questionnaires/schema.ts';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';
import { cycleBundles, publishedReports, questionsOf } from './data.ts';
import { regionalPicture, type RegionalQuestion } from './regional.ts';

export interface RegionalCycle {
  bundle: CycleBundle;
  questions: RegionalQuestion[];
  thrusts: Map<string, Thrust>;
}

/** Every cycle with published answers, its questions charted (built once per build). */
let cache: Promise<RegionalCycle[]> | null = null;
export function regionalCycles(): Promise<RegionalCycle[]> {
  cache ??= (async () => {
    const reports = await publishedReports();
    return (await cycleBundles()).map((bundle) => {
      const thrusts = new Map<string, Thrust>();
      for (const r of reports) if (r.report.year === bundle.cycle.year) for (const g of r.groups) thrusts.set(g.thrust.code, g.thrust);
      return { bundle, questions: regionalPicture(bundle.answers, questionsOf(reports, bundle.cycle.year)), thrusts };
    });
  })();
  return cache;
}

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
    .sort(([a], [b]) => (regional.thrusts.get(a)?.sort ?? 99) - (regional.thrusts.get(b)?.sort ?? 99) || a.localeCompare(b, 'en'))
    .map(([code, questions]) => ({ code, slug: code.toLowerCase(), name: regional.thrusts.get(code)?.name ?? code, questions }));
}
