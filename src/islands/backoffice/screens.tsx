import { lazy, type ComponentType } from 'react';
import type { Whoami } from '../../lib/identity/schema.ts';
import type { AppPage, AppRoute } from './router.ts';

export interface ScreenProps {
  page: AppPage;
  identity: Whoami;
}

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
const ContactScreen = lazyScreen(() => import('./contact/contact-screen.tsx').then((m) => m.ContactScreen));
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
    case 'cmsBanner':
    case 'cmsVideo':
    case 'cmsPartner':
      return CmsListScreen;
    case 'cmsBannerForm':
    case 'cmsVideoForm':
    case 'cmsPartnerForm':
      return CmsFormScreen;
    case 'profileCompletion':
      return ProfileCompletionScreen;
    default:
      return UpcomingScreen;
  }
}
