import { expect } from 'vitest';

/**
 * A table-driven check of a pure function: for each case, `fn` of the case's arguments is
 * (`toBe`) the case's last value. A failure names the case's arguments.
 */
export function expectCases<A extends unknown[], R>(
  fn: (...args: A) => R,
  cases: readonly (readonly [...A, R])[],
): void {
  for (const testCase of cases) {
    const args = testCase.slice(0, -1) as unknown as A;
    expect(fn(...args), JSON.stringify(args)).toBe(testCase.at(-1));
  }
}
