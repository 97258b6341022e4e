import { lazy, type ComponentType } from 'react';
import type { AppRoute } from './router.ts';
import type { ScreenProps } from './screen-props.ts';

const failedLoads = new Set<() => void>();

/** Lets the error boundary's "Try again" re-request screen chunks that failed to load. */
export function retryFailedScreens(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}

/** A screen in its own chunk (React.lazy), whose failed load can be retried. */
function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): ComponentType<ScreenProps> {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failedLoads.add(() => {
          current = make();
        });
        throw error;
      }
    });
  let current = make();
  return function Screen(props: ScreenProps) {
    const Current = current;
    return <Current {...props} />;
  };
}

// One chunk per module: the users chunk holds both the list and the form.
const DashboardScreen = lazyScreen(() => import('./dashboard/dashboard-screen.tsx').then((m) => m.DashboardScreen));
const UserListScreen = lazyScreen(() => import('./users/index.ts').then((m) => m.UserListScreen));
const UserFormScreen = lazyScreen(() => import('./users/index.ts').then((m) => m.UserFormScreen));
const AclScreen = lazyScreen(() => import('./access/acl-screen.tsx').then((m) => m.AclScreen));
const CountriesScreen = lazyScreen(() => import('./countries/countries-screen.tsx').then((m) => m.CountriesScreen));
const CmsListScreen = lazyScreen(() => import('./cms/index.ts').then((m) => m.CmsListScreen));
const CmsFormScreen = lazyScreen(() => import('./cms/index.ts').then((m) => m.CmsFormScreen));
const PracticeListScreen = lazyScreen(() => import('./best-practices/index.ts').then((m) => m.PracticeListScreen));
const PracticeFormScreen = lazyScreen(() => import('./best-practices/index.ts').then((m) => m.PracticeFormScreen));
const ContactScreen = lazyScreen(() => import('./contact/contact-screen.tsx').then((m) => m.ContactScreen));
const NationalReportListScreen = lazyScreen(() =>
  import('./national-reports/index.ts').then((m) => m.NationalReportListScreen),
);
const ReportEntryScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.ReportEntryScreen));
const ReportHeaderScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.ReportHeaderScreen));
const QuestionnaireScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.QuestionnaireScreen));
const ReportPreviewScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.ReportPreviewScreen));
const AnswerSearchScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.AnswerSearchScreen));
const CompareScreen = lazyScreen(() => import('./national-reports/index.ts').then((m) => m.CompareScreen));
const ProfileOverviewScreen = lazyScreen(() =>
  import('./urbanisation-profile/index.ts').then((m) => m.ProfileOverviewScreen),
);
const ProfileOverviewFormScreen = lazyScreen(() =>
  import('./urbanisation-profile/index.ts').then((m) => m.ProfileOverviewFormScreen),
);
const ProfileAnalyticsScreen = lazyScreen(() =>
  import('./urbanisation-profile/index.ts').then((m) => m.ProfileAnalyticsScreen),
);
const ProfileAnalyticsCategoryScreen = lazyScreen(() =>
  import('./urbanisation-profile/index.ts').then((m) => m.ProfileAnalyticsCategoryScreen),
);
const ProfileAnalyticsFormScreen = lazyScreen(() =>
  import('./urbanisation-profile/index.ts').then((m) => m.ProfileAnalyticsFormScreen),
);
const NotificationsScreen = lazyScreen(() => import('./notifications/index.ts').then((m) => m.NotificationsScreen));
const SentMailScreen = lazyScreen(() => import('./sent-mail/sent-mail-screen.tsx').then((m) => m.SentMailScreen));
const TrustedAuthoritiesScreen = lazyScreen(() =>
  import('./signatures/authorities-screen.tsx').then((m) => m.TrustedAuthoritiesScreen),
);
const TranslationsScreen = lazyScreen(() =>
  import('./translations/translations-screen.tsx').then((m) => m.TranslationsScreen),
);
const MyProfileScreen = lazyScreen(() => import('./account/my-profile-screen.tsx').then((m) => m.MyProfileScreen));
const UpcomingScreen = lazyScreen(() => import('./upcoming/upcoming-screen.tsx').then((m) => m.UpcomingScreen));
export const ProfileCompletionScreen = lazyScreen(() =>
  import('./profile/profile-completion-screen.tsx').then((m) => m.ProfileCompletionScreen),
);

/** The screen of a route; routes of later issues get the honest "not available yet" screen. */
export function screenFor(route: AppRoute): ComponentType<ScreenProps> {
  switch (route) {
    case 'dashboard':
      return DashboardScreen;
    case 'users':
      return UserListScreen;
    case 'userForm':
      return UserFormScreen;
    case 'acl':
      return AclScreen;
    case 'countries':
      return CountriesScreen;
    case 'contactMessages':
      return ContactScreen;
    case 'notifications':
      return NotificationsScreen;
    case 'translations':
      return TranslationsScreen;
    case 'sentMail':
      return SentMailScreen;
    case 'trustedAuthorities':
      return TrustedAuthoritiesScreen;
    case 'cmsBanner':
    case 'cmsVideo':
    case 'cmsPartner':
      return CmsListScreen;
    case 'cmsBannerForm':
    case 'cmsVideoForm':
    case 'cmsPartnerForm':
      return CmsFormScreen;
    case 'bestPractices':
      return PracticeListScreen;
    case 'bestPracticeForm':
      return PracticeFormScreen;
    case 'nationalReports':
      return NationalReportListScreen;
    case 'nationalReportSearch':
      return AnswerSearchScreen;
    case 'nationalReportCompare':
      return CompareScreen;
    case 'nationalReportIndicatorForm':
      return ReportEntryScreen;
    case 'nationalReportForm':
      return ReportHeaderScreen;
    case 'nationalReportIndicatorPreview':
      return ReportPreviewScreen;
    case 'nationalReportQuestionnaire':
      return QuestionnaireScreen;
    case 'profileOverview':
      return ProfileOverviewScreen;
    case 'profileOverviewForm':
      return ProfileOverviewFormScreen;
    case 'profileAnalytics':
      return ProfileAnalyticsScreen;
    case 'profileAnalyticsCategory':
      return ProfileAnalyticsCategoryScreen;
    case 'profileAnalyticsForm':
      return ProfileAnalyticsFormScreen;
    case 'profileCompletion':
      return ProfileCompletionScreen;
    case 'myProfile':
      return MyProfileScreen;
    default:
      return UpcomingScreen;
  }
}
