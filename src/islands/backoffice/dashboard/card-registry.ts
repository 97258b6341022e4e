import type { ComponentType } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';

/**
 * One card of the dashboard. The dashboard is where each role starts its work: every module
 * that has work waiting for someone adds one entry to `DASHBOARD_CARDS` (cards.tsx) with the
 * roles it shows for, and fetches its own data in its own store.
 */
export interface DashboardCard {
  /** Unique, stable: the React key and the card's test handle (`data-card`). */
  id: string;
  /** Whether the card shows for this person (role, module rules, country). */
  shows: (identity: Whoami) => boolean;
  /** A normal card takes a third of the row on large screens, `double` two thirds, `wide` all of it. */
  width?: 'normal' | 'double' | 'wide';
  Card: ComponentType<{ identity: Whoami }>;
}

/** The cards for `identity`, in the registry's order (work waiting first, figures after). */
export function cardsFor(cards: readonly DashboardCard[], identity: Whoami): DashboardCard[] {
  return cards.filter((card) => card.shows(identity));
}
