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

const report = 'hold the indicator questionnaire of a country and year, where answers are saved, the report is updated and then submitted by upload.';
const analytics = 'hold the urbanisation profile analytics of each category, country and year.';

export const ROUTE_META: Record<AppRoute, RouteMeta> = {
  dashboard: { title: 'Dashboard', menuItem: 'dashboard' },
  nationalReports: {
    title: 'National Reports',
    menuItem: 'nationalReports',
    upcoming: 'list the national reports of each country and year, with their progress and submission state.',
  },
  nationalReportIndicatorForm: { title: 'National report indicators', menuItem: 'nationalReports', upcoming: report },
  nationalReportIndicatorPreview: {
    title: 'National report preview',
    menuItem: 'nationalReports',
    upcoming: 'show a national report’s indicator answers by tier, as they will be published.',
  },
  nationalReportForm: { title: 'National report', menuItem: 'nationalReports', upcoming: report },
  profileOverview: {
    title: 'Urbanisation Profile: Overview',
    menuItem: 'profileOverview',
    upcoming: 'list the urbanisation profile categories and let administrators edit their overview texts.',
  },
  profileOverviewForm: {
    title: 'Urbanisation Profile overview',
    menuItem: 'profileOverview',
    upcoming: 'let administrators edit the overview of one urbanisation profile category.',
  },
  profileAnalytics: { title: 'Urbanisation Profile: Analytics', menuItem: 'profileAnalytics', upcoming: analytics },
  profileAnalyticsCategory: { title: 'Urbanisation Profile analytics', menuItem: 'profileAnalytics', upcoming: analytics },
  profileAnalyticsForm: { title: 'Urbanisation Profile analytics form', menuItem: 'profileAnalytics', upcoming: analytics },
  bestPractices: {
    title: 'Best Practices',
    menuItem: 'bestPractices',
    upcoming: 'list the best practices submitted for your country and their review state.',
  },
  bestPracticeForm: {
    title: 'Best practice',
    menuItem: 'bestPractices',
    upcoming: 'let you write a best practice, or edit one, and submit it for review.',
  },
  users: { title: 'Users', menuItem: 'users' },
  userForm: { title: 'Edit user', menuItem: 'users' },
  acl: { title: 'Access Control', menuItem: 'acl' },
  contactMessages: { title: 'Messages', menuItem: 'contactMessages' },
  countries: { title: 'Country settings', menuItem: 'countries' },
  cmsBanner: { title: 'Banners', menuItem: 'cmsBanner' },
  cmsVideo: { title: 'Media Gallery', menuItem: 'cmsVideo' },
  cmsPartner: { title: 'Partners', menuItem: 'cmsPartner' },
  cmsBannerForm: { title: 'Banner', menuItem: 'cmsBanner' },
  cmsVideoForm: { title: 'Media gallery item', menuItem: 'cmsVideo' },
  cmsPartnerForm: { title: 'Partner', menuItem: 'cmsPartner' },
  profileCompletion: { title: 'Complete your profile', menuItem: null },
};

export const SITE_NAME = 'APUA Portal';

export function documentTitle(screen: string): string {
  return `${screen} · ${SITE_NAME}`;
}
