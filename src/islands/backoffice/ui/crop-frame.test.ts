import { describe, expect, test } from 'vitest';
import { CARD_RATIO } from '../../../lib/best-practices/schema.ts';
import { frameOf, frameSettingsOf, MIN_ZOOM } from './crop-frame.ts';

const ratio = (w: number, h: number, crop: { width: number; height: number }) => (crop.width * w) / (crop.height * h);

describe('the crop frame', () => {
  test.each([
    [1600, 900],
    [1200, 800],
    [800, 1200],
  ])('%i × %i: the whole frame is the largest 16:9 rectangle, centred, inside the picture', (w, h) => {
    const frame = frameOf(w, h, 1, 0.5, 0.5);
    expect(ratio(w, h, frame)).toBeCloseTo(CARD_RATIO, 6);
    expect(Math.max(frame.width, frame.height)).toBeCloseTo(1, 6);
    expect(frame.x + frame.width / 2).toBeCloseTo(0.5, 6);
    expect(frame.y + frame.height / 2).toBeCloseTo(0.5, 6);
  });

  test('a centre near the edge keeps the frame inside the picture', () => {
    const frame = frameOf(1200, 800, 0.5, 1, 0);
    expect(frame.x + frame.width).toBeCloseTo(1, 6);
    expect(frame.y).toBe(0);
  });

  test.each([
    [1200, 800, 0.5, 0.3, 0.7],
    [1600, 900, 1, 0.5, 0.5],
    [800, 1200, 0.75, 0.2, 0.9],
    [1200, 800, MIN_ZOOM, 0.9, 0.1],
  ])('%i × %i at zoom %f, centre (%f, %f): a frame chosen earlier opens again as it was', (w, h, zoom, cx, cy) => {
    const chosen = frameOf(w, h, zoom, cx, cy);
    const settings = frameSettingsOf(w, h, chosen);
    const reopened = frameOf(w, h, settings.zoom, settings.centre.x, settings.centre.y);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(reopened[key]).toBeCloseTo(chosen[key], 6);
  });
});
