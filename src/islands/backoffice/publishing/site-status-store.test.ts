import { describe, expect, it } from 'vitest';
import { isBuildActive, sitePhase } from './site-status-store.ts';

const live = { id: 'build-1', since: '2026-03-01T10:00:00.000Z' };

describe('the site builder as the indicators show it', () => {
  it('shows a build under way before anything else, with its progress rounded and bounded', () => {
    const building = { current: { state: 'building' as const, since: 'x', progress: 42.6, step: 'generated 3 pages' }, live, lastFailure: { at: 'y', reason: 'r' } };
    expect(sitePhase(building)).toEqual({ kind: 'building', progress: 43, step: 'generated 3 pages', since: 'x' });
    expect(sitePhase({ ...building, current: { ...building.current, progress: 140 } })).toMatchObject({ progress: 100 });
    expect(isBuildActive(building)).toBe(true);
    expect(sitePhase({ current: { state: 'queued', since: 'q' }, live, lastFailure: null })).toEqual({ kind: 'queued', since: 'q' });
  });

  it('shows the last failure, and what is still live, when idle', () => {
    const status = { current: { state: 'idle' as const }, live, lastFailure: { at: 'f', reason: 'astro exited with 1' } };
    expect(sitePhase(status)).toEqual({ kind: 'failed', at: 'f', reason: 'astro exited with 1', liveSince: live.since });
    expect(isBuildActive(status)).toBe(false);
  });

  it('shows live since when, or that nothing was built yet', () => {
    expect(sitePhase({ current: { state: 'idle' }, live, lastFailure: null })).toEqual({ kind: 'live', since: live.since });
    expect(sitePhase({ current: { state: 'idle' }, live: null, lastFailure: null })).toEqual({ kind: 'neverBuilt' });
    expect(sitePhase(undefined)).toEqual({ kind: 'unknown' });
  });
});
