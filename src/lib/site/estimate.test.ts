import { describe, expect, test } from 'vitest';
import { buildSeconds, liveInSeconds } from './estimate.ts';
import type { BuildStatusData } from './schema.ts';

const live = (started: string, since: string): BuildStatusData => ({
  current: { state: 'idle' },
  live: { id: 'b', started, since },
  lastFailure: null,
});

describe('how long the live build took', () => {
  test('is rounded up to a tenth of a second, so a quick build never reads as no time', () => {
    expect(buildSeconds(live('2026-11-26T10:00:00.000Z', '2026-11-26T10:00:00.030Z'))).toBe(0.1);
    expect(buildSeconds(live('2026-11-26T10:00:00.000Z', '2026-11-26T10:00:24.310Z'))).toBe(24.4);
    expect(buildSeconds(live('2026-11-26T10:00:00.000Z', '2026-11-26T10:00:20.000Z'))).toBe(20);
  });
  test('is not known without a start, or when the times run backwards', () => {
    expect(
      buildSeconds({ current: { state: 'idle' }, live: { id: 'b', since: '2026-11-26T10:00:00Z' }, lastFailure: null }),
    ).toBeNull();
    expect(buildSeconds(live('2026-11-26T10:00:05Z', '2026-11-26T10:00:00Z'))).toBeNull();
  });
  test('a queued build is expected in one build time, at least a second', () => {
    const status: BuildStatusData = {
      ...live('2026-11-26T10:00:00.000Z', '2026-11-26T10:00:00.030Z'),
      current: { state: 'queued', since: '2026-11-26T10:01:00Z' },
    };
    expect(liveInSeconds(status, null, new Date('2026-11-26T10:01:00Z'))).toBe(1);
  });
});
