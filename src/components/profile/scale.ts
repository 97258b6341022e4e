import type { PublicIndicator } from '../../lib/urbanisation-profile/schema.ts';

/**
 * A share out of 100, drawn on a 0 to 100 scale (bars, map classes). A percentage whose limits
 * let it fall below 0 or pass 100, such as a growth rate, is drawn on the scale of its own values.
 */
export function isShare(indicator: Pick<PublicIndicator, 'unit' | 'min' | 'max'>): boolean {
  return indicator.unit === '%' && (indicator.min ?? 0) >= 0 && (indicator.max ?? 100) <= 100;
}
