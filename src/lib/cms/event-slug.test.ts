import { expect, test } from 'vitest';
import { eventSlug } from './event-slug.ts';

test.each([
  ['Asia-Pacific Urban Forum 2025', 'asia-pacific-urban-forum-2025'],
  ['  Café Día — Bogotá & Hà Nội!  ', 'cafe-dia-bogota-ha-noi'],
  ['APUF-8 (Suwon) / Day 2', 'apuf-8-suwon-day-2'],
  ['งานประชุม 2025', 'งานประชุม-2025'],
  ['मुंबई शहरी मंच', 'मुंबई-शहरी-मंच'],
])('%s → %s', (event, slug) => {
  expect(eventSlug(event)).toBe(slug);
});

test('nothing left, or no event: null', () => {
  expect(eventSlug('!!! — ???')).toBeNull();
  expect(eventSlug('')).toBeNull();
  expect(eventSlug(null)).toBeNull();
  expect(eventSlug(undefined)).toBeNull();
});

test('at most 100 characters, never ending in a dash', () => {
  const slug = eventSlug(`${'a'.repeat(99)} b`)!;
  expect(slug).toBe('a'.repeat(99));
});
