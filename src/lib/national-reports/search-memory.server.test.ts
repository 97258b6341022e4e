import { describe, expect, test } from 'vitest';
import { TopHits, type MemoryHit } from './search-memory.server.ts';

const QUESTION = { uuid: '00000000-0000-4000-8000-000000000000', code: 'Q01' };

/** Hits with few distinct scores, years and countries, so that every tie-break is used. */
function hits(n: number, seed: number): MemoryHit[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => ({
    answerId: i + 1,
    year: 2015 + Math.floor(random() * 4) * 4,
    country: ['KH', 'LA', 'TH', 'VN'][Math.floor(random() * 4)]!,
    question: QUESTION,
    text: '',
    score: Math.floor(random() * 6) / 2,
  }));
}

const byRank = (a: MemoryHit, b: MemoryHit) =>
  b.score - a.score || b.year - a.year || a.country.localeCompare(b.country) || a.answerId - b.answerId;

function pageOf(all: MemoryHit[], offset: number, limit: number): number[] {
  const top = new TopHits(offset, limit);
  for (const hit of all) if (top.mayTake(hit.score)) top.add(hit);
  return top.page().map((h) => h.answerId);
}

describe('the page of hits', () => {
  test.each([
    [0, 20],
    [20, 20],
    [180, 20],
    [190, 20],
    [400, 50],
    [990, 50],
    [1500, 50],
  ])('from %i, %i of them: the same as sorting every hit', (offset, limit) => {
    for (const seed of [1, 7, 34]) {
      const all = hits(1000, seed);
      const sorted = [...all].sort(byRank).map((h) => h.answerId);
      expect(pageOf(all, offset, limit)).toEqual(sorted.slice(offset, offset + limit));
    }
  });
});
