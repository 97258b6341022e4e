/**
 * What the build reads of national reports (DESIGN.md §3, §14): the public endpoints of
 * src/lib/national-reports, gathered per reporting cycle. A server that does not serve them
 * (404) gives empty collections and honest empty pages; any other failure fails the build.
 */
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import {
  PublicAnswerRowSchema,
  PublicAnswersResponseSchema,
  PublicCycleSchema,
  PublicCyclesResponseSchema,
  PublicReportListItemSchema,
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
  PublicReportSchema,
  PublicStatisticResponseSchema,
  PublicStatisticSchema,
} from '../national-reports/public-schema.ts';
import { fetchEach, fetchPublicOrNull } from './client.ts';

const BASE = 'report/type/national/public';

/**
 * One reporting cycle as the pages use it: the cycle, its statistics, its published reports and
 * answers, and the questions the answers endpoint lists with them (their parts and units: the SDMX
 * files' question codes, src/lib/sdmx/sources.ts).
 */
export const CycleBundleSchema = z.object({
  cycle: PublicCycleSchema,
  statistic: PublicStatisticSchema.nullable(),
  reports: z.array(PublicReportListItemSchema),
  answers: z.array(PublicAnswerRowSchema),
  /** Optional for bundles made by hand (test fixtures): without it, the answers' own wording names each code. */
  questions: PublicAnswersResponseSchema.shape.questions.optional(),
});
export type CycleBundle = z.output<typeof CycleBundleSchema>;

export { PublicReportListItemSchema, PublicReportSchema };

/** Cycles countries have reported in (drafts are never public), newest first. */
export async function fetchCycles() {
  const body = await fetchPublicOrNull(`${BASE}/cycles`, PublicCyclesResponseSchema);
  return (body?.data ?? []).filter((c) => c.status !== 'draft').sort((a, b) => b.year - a.year);
}

export async function fetchCycleBundles(): Promise<CycleBundle[]> {
  return fetchEach(
    await fetchCycles(),
    async (cycle): Promise<CycleBundle> => {
      const [statistic, list, answers] = await Promise.all([
        fetchPublicOrNull(`${BASE}/statistic?year=${cycle.year}`, PublicStatisticResponseSchema),
        fetchPublicOrNull(`${BASE}/list?year=${cycle.year}`, PublicReportListResponseSchema),
        fetchPublicOrNull(`${BASE}/answers?year=${cycle.year}`, PublicAnswersResponseSchema),
      ]);
      return {
        cycle,
        statistic: statistic?.data ?? null,
        reports: list?.data ?? [],
        answers: answers?.data ?? [],
        questions: answers?.questions ?? [],
      };
    },
    2,
  );
}

/** Every published report with its grouped answers (one page each). */
export async function fetchPublishedReports() {
  const list = await fetchPublicOrNull(BASE + '/list', PublicReportListResponseSchema);
  const bodies = await fetchEach(list?.data ?? [], (item) =>
    fetchPublicOrNull(`${BASE}/report/${item.year}/${item.country.code}`, PublicReportResponseSchema),
  );
  return bodies.flatMap((body) => (body ? [body.data] : []));
}

export async function fetchLatestReports() {
  return (await fetchPublicOrNull(`${BASE}/list?latest_4=true`, PublicReportListResponseSchema))?.data ?? [];
}

/** A content-collection loader over any list of `{id, data}` the build fetches. */
export function entriesLoader<T extends object>(
  name: string,
  entries: () => Promise<readonly { id: string; data: T }[]>,
): Loader {
  return {
    name: `portal-api:${name}`,
    load: async ({ store, parseData, generateDigest, logger }) => {
      const list = await entries();
      store.clear();
      for (const entry of list) {
        const data = await parseData({ id: entry.id, data: { ...entry.data } as Record<string, unknown> });
        store.set({ id: entry.id, data, digest: generateDigest(data) });
      }
      logger.info(`${list.length} ${name}`);
    },
  };
}

/** A report's id in its collection and its page: `2022-PH`. */
export const reportId = (year: number, code: string) => `${year}-${code}`;
