/** A tier filter's value: '' for every tier. */
export type TierChoice = '' | '1' | '2' | '3';

/** The chips of a tier filter (every tier, then tiers 1 to 3), in the words of the screen's catalogue. */
export function tierChips(
  all: string,
  tier: (tier: 1 | 2 | 3) => string,
): readonly { value: TierChoice; label: string }[] {
  return [
    { value: '', label: all },
    ...([1, 2, 3] as const).map((n) => ({ value: String(n) as TierChoice, label: tier(n) })),
  ];
}
