import { canManageUsers, hasModuleRule, isAdminLevel, isStateAdmin } from '../../../lib/access/permissions.ts';
import { PracticeDashboardCard } from '../best-practices/dashboard-card.tsx';
import { ReportingCard } from '../national-reports/dashboard-card.tsx';
import { ProfileMissingCard } from '../urbanisation-profile/dashboard-card.tsx';
import { AccountSummary, ModuleLinks } from './account-cards.tsx';
import type { DashboardCard } from './card-registry.ts';
import { UsersByCountry, UsersByStatus } from './user-stats.tsx';
import { AwaitingActivationCard, PublicSiteCard, UnreadMessagesCard } from './work-cards.tsx';

/**
 * Every card of the dashboard, in the order shown: the work waiting for the person first, then
 * figures, then their account. A reporting module adds its card here (for example the open
 * national reports of a focal point's country and their progress, or the region's reporting
 * progress for administrators), next to the work cards, with its own store.
 */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  {
    id: 'national-reporting',
    shows: (identity) => hasModuleRule(identity, 'national_report'),
    width: 'wide',
    Card: ReportingCard,
  },
  {
    id: 'best-practices',
    shows: (identity) => hasModuleRule(identity, 'best-practice'),
    width: 'double',
    Card: PracticeDashboardCard,
  },
  { id: 'profile-missing', shows: isAdminLevel, Card: ProfileMissingCard },
  { id: 'awaiting-activation', shows: canManageUsers, Card: AwaitingActivationCard },
  { id: 'unread-messages', shows: isAdminLevel, Card: UnreadMessagesCard },
  { id: 'public-site', shows: isAdminLevel, Card: PublicSiteCard },
  {
    id: 'users-by-status',
    shows: canManageUsers,
    width: 'wide',
    Card: ({ identity }) => <UsersByStatus identity={identity} scoped={isStateAdmin(identity)} />,
  },
  { id: 'your-work', shows: () => true, width: 'double', Card: ModuleLinks },
  { id: 'account', shows: () => true, Card: AccountSummary },
  { id: 'users-by-country', shows: isAdminLevel, width: 'wide', Card: UsersByCountry },
];
