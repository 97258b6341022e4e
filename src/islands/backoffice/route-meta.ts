import { PROGRAMME_NAME } from '../../lib/brand/mark.ts';
import type { BackofficeRouteName } from '../../lib/access/permissions.ts';
import { m } from './messages.ts';
import type { AppRoute } from './router.ts';

export interface RouteMeta {
  /** The screen's name in the page's language: its heading and the first part of document.title. */
  title: string;
  /** The sidebar item that is current while this route shows. */
  menuItem: BackofficeRouteName | null;
  /** For screens of later issues: what the screen will do, completing "it will …". */
  upcoming?: string;
}

export const ROUTE_META: Record<AppRoute, RouteMeta> = {
  dashboard: { title: m('route.dashboard'), menuItem: 'dashboard' },
  notifications: { title: m('route.notifications'), menuItem: null },
  nationalReports: { title: m('route.nationalReports'), menuItem: 'nationalReports' },
  nationalReportQuestionnaire: { title: m('route.nationalReportQuestionnaire'), menuItem: 'nationalReports' },
  nationalReportSearch: { title: m('route.nationalReportSearch'), menuItem: 'nationalReports' },
  nationalReportCompare: { title: m('route.nationalReportCompare'), menuItem: 'nationalReports' },
  nationalReportIndicatorForm: { title: m('route.nationalReportIndicatorForm'), menuItem: 'nationalReports' },
  nationalReportIndicatorPreview: { title: m('route.nationalReportIndicatorPreview'), menuItem: 'nationalReports' },
  nationalReportForm: { title: m('route.nationalReportForm'), menuItem: 'nationalReports' },
  profileOverview: { title: m('route.profileOverview'), menuItem: 'profileOverview' },
  profileOverviewForm: { title: m('route.profileOverviewForm'), menuItem: 'profileOverview' },
  profileAnalytics: { title: m('route.profileAnalytics'), menuItem: 'profileAnalytics' },
  profileAnalyticsCategory: { title: m('route.profileAnalyticsCategory'), menuItem: 'profileAnalytics' },
  profileAnalyticsForm: { title: m('route.profileAnalyticsForm'), menuItem: 'profileAnalytics' },
  bestPractices: { title: m('route.bestPractices'), menuItem: 'bestPractices' },
  bestPracticeForm: { title: m('route.bestPracticeForm'), menuItem: 'bestPractices' },
  users: { title: m('route.users'), menuItem: 'users' },
  userForm: { title: m('route.userForm'), menuItem: 'users' },
  acl: { title: m('route.acl'), menuItem: 'acl' },
  contactMessages: { title: m('route.contactMessages'), menuItem: 'contactMessages' },
  countries: { title: m('route.countries'), menuItem: 'countries' },
  // Part of the country settings (decision 056), reached from them and the dashboard.
  trustedAuthorities: { title: m('route.trustedAuthorities'), menuItem: 'countries' },
  sentMail: { title: m('route.sentMail'), menuItem: 'sentMail' },
  // Not in the sidebar, whose items spec §2 fixes: reached from the dashboard and the screens whose texts it
  // translates.
  translations: { title: m('route.translations'), menuItem: null },
  cmsBanner: { title: m('route.cmsBanner'), menuItem: 'cmsBanner' },
  cmsVideo: { title: m('route.cmsVideo'), menuItem: 'cmsVideo' },
  cmsPartner: { title: m('route.cmsPartner'), menuItem: 'cmsPartner' },
  cmsBannerForm: { title: m('route.cmsBannerForm'), menuItem: 'cmsBanner' },
  cmsVideoForm: { title: m('route.cmsVideoForm'), menuItem: 'cmsVideo' },
  cmsPartnerForm: { title: m('route.cmsPartnerForm'), menuItem: 'cmsPartner' },
  profileCompletion: { title: m('route.profileCompletion'), menuItem: null },
  myProfile: { title: m('route.myProfile'), menuItem: null },
};

export const SITE_NAME = PROGRAMME_NAME;

/** "Page not found", for the title of an address with no screen. */
export const NOT_FOUND_TITLE = m('route.notFound');

export function documentTitle(screen: string): string {
  return `${screen} · ${SITE_NAME}`;
}
