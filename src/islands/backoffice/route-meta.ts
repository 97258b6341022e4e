import { PROGRAMME_NAME } from '../../lib/brand/mark.ts';
import type { BackofficeRouteName } from '../../lib/access/permissions.ts';
import type { AppRoute } from './router.ts';

export interface RouteMeta {
  /** The screen's name: its heading and the first part of document.title. */
  title: string;
  /** The sidebar item that is current while this route shows. */
  menuItem: BackofficeRouteName | null;
  /** For screens of later issues: what the screen will do, completing "it will …". */
  upcoming?: string;
}

export const ROUTE_META: Record<AppRoute, RouteMeta> = {
  dashboard: { title: 'Dashboard', menuItem: 'dashboard' },
  notifications: { title: 'Notifications', menuItem: null },
  nationalReports: { title: 'National Reports', menuItem: 'nationalReports' },
  nationalReportQuestionnaire: { title: 'Questionnaire and reporting cycles', menuItem: 'nationalReports' },
  nationalReportIndicatorForm: { title: 'National report indicators', menuItem: 'nationalReports' },
  nationalReportIndicatorPreview: { title: 'National report preview', menuItem: 'nationalReports' },
  nationalReportForm: { title: 'National report', menuItem: 'nationalReports' },
  profileOverview: { title: 'Urbanisation Profile: Overview', menuItem: 'profileOverview' },
  profileOverviewForm: { title: 'Urbanisation Profile overview', menuItem: 'profileOverview' },
  profileAnalytics: { title: 'Urbanisation Profile: Analytics', menuItem: 'profileAnalytics' },
  profileAnalyticsCategory: { title: 'Urbanisation Profile analytics', menuItem: 'profileAnalytics' },
  profileAnalyticsForm: { title: 'Urbanisation Profile figures', menuItem: 'profileAnalytics' },
  bestPractices: { title: 'Best Practices', menuItem: 'bestPractices' },
  bestPracticeForm: { title: 'Best practice', menuItem: 'bestPractices' },
  users: { title: 'Users', menuItem: 'users' },
  userForm: { title: 'Edit user', menuItem: 'users' },
  acl: { title: 'Access Control', menuItem: 'acl' },
  contactMessages: { title: 'Messages', menuItem: 'contactMessages' },
  countries: { title: 'Country settings', menuItem: 'countries' },
  sentMail: { title: 'Sent mail', menuItem: 'sentMail' },
  // Not in the sidebar, whose items spec §2 fixes: reached from the dashboard and the screens whose texts it translates.
  translations: { title: 'Translations', menuItem: null },
  cmsBanner: { title: 'Banners', menuItem: 'cmsBanner' },
  cmsVideo: { title: 'Media Gallery', menuItem: 'cmsVideo' },
  cmsPartner: { title: 'Partners', menuItem: 'cmsPartner' },
  cmsBannerForm: { title: 'Banner', menuItem: 'cmsBanner' },
  cmsVideoForm: { title: 'Media gallery item', menuItem: 'cmsVideo' },
  cmsPartnerForm: { title: 'Partner', menuItem: 'cmsPartner' },
  profileCompletion: { title: 'Complete your profile', menuItem: null },
  myProfile: { title: 'My profile', menuItem: null },
};

export const SITE_NAME = PROGRAMME_NAME;

export function documentTitle(screen: string): string {
  return `${screen} · ${SITE_NAME}`;
}
