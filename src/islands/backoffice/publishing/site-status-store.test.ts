import { describe, expect, it } from 'vitest';
import type { SiteStatusData } from '../../../lib/site/schema.ts';
import { aboutTime, isBuildActive, sitePhase, summaryLine } from './site-status-store.ts';

const live = { id: 'build-1', since: '2026-03-01T10:00:00.000Z' };

describe('the site builder as the indicators show it', () => {
  it('shows a build under way before anything else, with its progress rounded and bounded', () => {
    const building = {
      current: { state: 'building' as const, since: 'x', progress: 42.6, step: 'generated 3 pages' },
      live,
      lastFailure: { at: 'y', reason: 'r' },
    };
    expect(sitePhase(building)).toEqual({ kind: 'building', progress: 43, step: 'generated 3 pages', since: 'x' });
    expect(sitePhase({ ...building, current: { ...building.current, progress: 140 } })).toMatchObject({
      progress: 100,
    });
    expect(isBuildActive(building)).toBe(true);
    expect(sitePhase({ current: { state: 'queued', since: 'q' }, live, lastFailure: null })).toEqual({
      kind: 'queued',
      since: 'q',
    });
  });

  it('shows the last failure, and what is still live, when idle', () => {
    const status = {
      current: { state: 'idle' as const },
      live,
      lastFailure: { at: 'f', reason: 'astro exited with 1' },
    };
    expect(sitePhase(status)).toEqual({
      kind: 'failed',
      at: 'f',
      reason: 'astro exited with 1',
      liveSince: live.since,
      retryAt: null,
    });
    expect(isBuildActive(status)).toBe(false);
  });

  it('shows live since when, or that nothing was built yet', () => {
    expect(sitePhase({ current: { state: 'idle' }, live, lastFailure: null })).toEqual({
      kind: 'live',
      since: live.since,
    });
    expect(sitePhase({ current: { state: 'idle' }, live: null, lastFailure: null })).toEqual({ kind: 'neverBuilt' });
    expect(sitePhase(undefined)).toEqual({ kind: 'unknown' });
  });
});

describe('the one status line', () => {
  const now = new Date(2026, 2, 1, 15, 0);
  const since = new Date(2026, 2, 1, 14, 2).toISOString();
  const base: SiteStatusData = {
    current: { state: 'idle' },
    live: { id: 'b', since },
    lastFailure: null,
    waiting: { total: 0, changes: [] },
    buildSeconds: 20,
    liveInSeconds: null,
  };
  const change = { type: 'report.published', title: 'National report of Thailand 2026 published', at: since };

  it('says what waits and when it goes live, in plain words', () => {
    const waiting = { total: 3, changes: [change, change, change] };
    expect(summaryLine({ ...base, current: { state: 'queued', since }, waiting, liveInSeconds: 21 }, now)).toBe(
      '3 changes waiting · live in about 20 s',
    );
    expect(
      summaryLine(
        {
          ...base,
          current: { state: 'building', since, progress: 40, step: 'building entrypoints' },
          waiting: { total: 1, changes: [change] },
          liveInSeconds: 130,
        },
        now,
      ),
    ).toBe('1 change waiting · live in about 2 min');
    expect(summaryLine({ ...base, current: { state: 'queued', since }, liveInSeconds: null }, now)).toBe(
      'Updating the public site · going live shortly',
    );
    expect(summaryLine(base, now)).toBe('Live since 14:02');
    expect(summaryLine(base, new Date(2026, 2, 2, 9, 0))).toBe('Live since 1 Mar, 14:02');
    expect(summaryLine({ ...base, lastFailure: { at: since, reason: 'x' }, waiting }, now)).toBe(
      '3 changes waiting · the last update did not go through',
    );
    expect(summaryLine({ ...base, live: null }, now)).toBe('The public site is not published yet');
    expect(summaryLine(undefined, now)).toBe('Checking the public site…');
  });

  it('says how far behind the site is while builds fail, and when the next try starts', () => {
    const failedAt = new Date(2026, 2, 1, 14, 56).toISOString();
    const retryAt = new Date(2026, 2, 1, 15, 0, 30).toISOString();
    const failing = { since: failedAt, failures: 2, retryAt };
    const waiting = { total: 2, since: new Date(2026, 2, 1, 14, 54).toISOString(), changes: [change, change] };
    const status = {
      ...base,
      lastFailure: { at: failedAt, reason: 'The site build exited with SIGKILL' },
      failing,
      waiting,
    };
    expect(summaryLine(status, now)).toBe(
      'The public site is about 6 min behind · the last update failed; trying again in about 30 s',
    );
    expect(summaryLine({ ...status, failing: { ...failing, retryAt: null } }, now)).toBe(
      'The public site is about 6 min behind · the last update failed; trying again now',
    );
    // Nothing waits (a killed build of no change): behind since the first failure.
    expect(summaryLine({ ...status, waiting: { total: 0, changes: [] } }, now)).toMatch(
      /^The public site is about 4 min behind/,
    );
  });

  it('never speaks of build steps', () => {
    const line = summaryLine(
      { ...base, current: { state: 'building', since, progress: 10, step: 'building entrypoints' }, liveInSeconds: 12 },
      now,
    );
    expect(line).not.toMatch(/entrypoints|build/i);
    expect(aboutTime(2)).toBe('about 5 s');
    expect(aboutTime(59)).toBe('about 1 min');
  });
});
