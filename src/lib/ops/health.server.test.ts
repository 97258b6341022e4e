import { expect, test } from 'vitest';
import { openDatabase } from '../db/client.server.ts';
import { databaseAnswers } from './health.server.ts';

test('the health check says whether the database answers', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  expect(await databaseAnswers(database.db)).toBe(true);
  await database.close();
  expect(await databaseAnswers(database.db)).toBe('the query failed');
}, 120_000);
