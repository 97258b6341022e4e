import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';

/** How long the database may take to answer the health check before the instance is called unhealthy. */
const DATABASE_TIMEOUT_MS = 2_000;

/** True when the database answers a trivial query in time, else why not (in words for operators). */
export async function databaseAnswers(db: Db): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${DATABASE_TIMEOUT_MS / 1000} s`), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return 'the query failed';
  } finally {
    clearTimeout(timer);
  }
}
