import { overStored } from '../http/schema.ts';
import { loadCycleRow } from './queries.server.ts';
import { toCycle } from './rows.server.ts';
import { CYCLE_YEAR_MAX, CYCLE_YEAR_MIN } from './schema.ts';
import type { DbOrTx } from '../audit/service.server.ts';

// The seeds and the benchmark make a cycle's reports with the service's own helper.
export { createCycleReports } from './cycle-service.server.ts';

/** What a cycle's save may change: every field of the body but the key and the version. */
const CYCLE_FIELDS = [
  'opens_at',
  'closes_at',
  'expiry_days',
  'timely_days',
  'guideline_version',
  'status',
  'reminder_days',
] as const;

/**
 * The body of POST cycles/saved laid over the stored cycle of its year, if there is one: fields an
 * update leaves out keep their value (DESIGN.md §12) instead of falling back to a new cycle's
 * defaults (status draft!). Checked by CycleSaveBodySchema afterwards.
 */
export async function overStoredCycle(db: DbOrTx, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const year = body['year'];
  if (typeof year !== 'number' || !Number.isInteger(year) || year < CYCLE_YEAR_MIN || year > CYCLE_YEAR_MAX)
    return body;
  const row = await loadCycleRow(db, year);
  return row ? overStored(CYCLE_FIELDS, toCycle(row), body) : body;
}
