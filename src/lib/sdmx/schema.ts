import { z } from 'zod';
import { blankIsAbsent, oneOf, text } from '../http/schema.ts';

/**
 * The path of GET /api/sdmx/data/{flow}/{key}/{provider}: the dataflow (its id, or
 * `agency,id,version`), the SDMX REST key (dot-separated dimension codes, empty for all, `+` for
 * or; `all` for the whole flow) and the data provider (`all` or the agency).
 */
export const SdmxDataPathSchema = z.object({
  flow: text({ max: 100, min: 1 }),
  key: text({ max: 4000 }).optional(),
  provider: text({ max: 100 }).optional(),
});

/** The query of GET /api/sdmx/data/…: a period, the observation dimension and `format=csv` for SDMX-CSV. */
export const SdmxDataQuerySchema = z.object({
  format: blankIsAbsent(oneOf(['csv', 'json']).optional()),
  startPeriod: blankIsAbsent(text({ max: 20 }).optional()),
  endPeriod: blankIsAbsent(text({ max: 20 }).optional()),
  dimensionAtObservation: blankIsAbsent(text({ max: 40 }).optional()),
});
