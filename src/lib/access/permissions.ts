/**
 * The one permission module (DESIGN.md §7, spec §6). Pure and shared: the back-office uses it
 * for its guards and sidebar, the server for the authorisation of every endpoint.
 */

export const ROLE_NAMES = ['tuxuri', 'admin', 'state_admin', 'state_member'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const MODULE_NAMES = [
  'national_report',
  'urban-profile-overview',
  'urban-profile-analytics',
  'best-practice',
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

export const RULE_ACTIONS = ['view', 'create', 'update'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** The Super Administrator: only a tuxuri grants or removes this role. */
export const SUPER_ADMIN_ROLE = 'tuxuri' satisfies RoleName;

/** Admin-level means tuxuri or admin (spec §6). */
export const ADMIN_LEVEL_ROLES = [SUPER_ADMIN_ROLE, 'admin'] as const satisfies readonly RoleName[];

export function isAdminLevelRole(name: string): boolean {
  return (ADMIN_LEVEL_ROLES as readonly string[]).includes(name);
}

/** User statuses: 1 is active; any other value is not (spec §4). */
export const USER_STATUS = { inactive: 0, active: 1, suspended: 2 } as const;

/** What the permission checks need to know about a user: a subset of the whoami identity. */
export interface Subject {
  status: number;
  country_code: string | null;
  roles: readonly { name: string; permissions: readonly { module: string; rules: readonly string[] }[] }[];
}

export function isAdminLevel(subject: Subject): boolean {
  return subject.roles.some((role) => isAdminLevelRole(role.name));
}

export function isSuperAdmin(subject: Subject): boolean {
  return subject.roles.some((role) => role.name === SUPER_ADMIN_ROLE);
}

export function isStateAdmin(subject: Subject): boolean {
  return !isAdminLevel(subject) && subject.roles.some((role) => role.name === 'state_admin');
}

/** May manage users: admin-level everywhere, state_admin inside its own country. */
export function canManageUsers(subject: Subject): boolean {
  return isAdminLevel(subject) || isStateAdmin(subject);
}

/**
 * Whether the user's role holds one of `rules` on `module`. Checks evaluate only when the user
 * has exactly one role (spec §6); with none or several they fail. No rules listed means `view`.
 */
export function hasModuleRule(subject: Subject, module: ModuleName, rules: readonly RuleAction[] = ['view']): boolean {
  if (subject.roles.length !== 1) return false;
  const permission = subject.roles[0]!.permissions.find((p) => p.module === module);
  if (!permission) return false;
  return rules.some((rule) => permission.rules.includes(rule));
}

/** Admin-level users act in every country; everyone else only in their own (spec §6, issue 2). */
export function canActInCountry(subject: Subject, countryCode: string): boolean {
  if (isAdminLevel(subject)) return true;
  return subject.country_code !== null && subject.country_code.toUpperCase() === countryCode.toUpperCase();
}

/**
 * Roles a user may grant to others: tuxuri any, admin any but tuxuri, state_admin only state
 * roles. The same holds for taking a role away: only a tuxuri removes tuxuri.
 */
export function grantableRoles(subject: Subject): readonly RoleName[] {
  if (isSuperAdmin(subject)) return ROLE_NAMES;
  if (isAdminLevel(subject)) return ROLE_NAMES.filter((name) => name !== SUPER_ADMIN_ROLE);
  if (isStateAdmin(subject)) return ['state_admin', 'state_member'];
  return [];
}

/** How a back-office route is guarded. */
export type RouteAccess =
  | { kind: 'signedIn' }
  | { kind: 'adminLevel' }
  | { kind: 'userManagers' }
  /** `adminLevel`: the module's rule and an admin-level role (the module's reference data). */
  | { kind: 'module'; module: ModuleName; rules?: readonly RuleAction[]; adminLevel?: boolean };

export interface BackofficeRoute {
  path: string;
  access: RouteAccess;
}

/** A route that only admin-level users open (`isAdminLevel`). */
const adminLevel = <P extends string>(path: P) => ({ path, access: { kind: 'adminLevel' } }) as const;

/** Every signed-in route of spec §2, with its guard. Patterns use `:param` and `:param?`. */
export const BACKOFFICE_ROUTES = {
  dashboard: { path: '/dashboard', access: { kind: 'signedIn' } },
  notifications: { path: '/dashboard/notifications', access: { kind: 'signedIn' } },
  nationalReports: { path: '/module/report/national', access: { kind: 'module', module: 'national_report' } },
  nationalReportQuestionnaire: {
    path: '/module/report/national/questionnaire',
    access: { kind: 'module', module: 'national_report', rules: ['update'], adminLevel: true },
  },
  nationalReportSearch: {
    path: '/module/report/national/search',
    access: { kind: 'module', module: 'national_report', rules: ['view'] },
  },
  nationalReportCompare: {
    path: '/module/report/national/compare',
    access: { kind: 'module', module: 'national_report' },
  },
  nationalReportIndicatorForm: {
    path: '/module/report/national/:country_code/:year/indicator/form',
    access: { kind: 'module', module: 'national_report', rules: ['create', 'update'] },
  },
  nationalReportIndicatorPreview: {
    path: '/module/report/national/:country_code/:year/indicator/preview',
    access: { kind: 'module', module: 'national_report', rules: ['view'] },
  },
  nationalReportForm: {
    path: '/module/report/national/:country_code/:year/form',
    access: { kind: 'module', module: 'national_report', rules: ['create', 'update'] },
  },
  profileOverview: adminLevel('/module/urbanisation-profile/overview'),
  profileOverviewForm: adminLevel('/module/urbanisation-profile/overview/:category/form'),
  profileAnalytics: {
    path: '/module/urbanisation-profile/analytics',
    access: { kind: 'module', module: 'urban-profile-analytics' },
  },
  profileAnalyticsCategory: {
    path: '/module/urbanisation-profile/analytics/:category',
    access: { kind: 'module', module: 'urban-profile-analytics' },
  },
  profileAnalyticsForm: {
    path: '/module/urbanisation-profile/analytics/:category/:country_code/:year/form',
    access: { kind: 'module', module: 'urban-profile-analytics', rules: ['create', 'update'] },
  },
  bestPractices: { path: '/module/best-practice', access: { kind: 'module', module: 'best-practice' } },
  bestPracticeForm: {
    path: '/module/best-practice/form/:uuid?',
    access: { kind: 'module', module: 'best-practice', rules: ['create', 'update'] },
  },
  users: { path: '/admin/users', access: { kind: 'userManagers' } },
  userForm: { path: '/admin/users/form/:uuid', access: { kind: 'userManagers' } },
  acl: adminLevel('/admin/acl'),
  contactMessages: adminLevel('/admin/contact-us'),
  countries: adminLevel('/admin/setting/countries'),
  trustedAuthorities: adminLevel('/admin/setting/trusted-authorities'),
  sentMail: adminLevel('/admin/sent-mail'),
  translations: adminLevel('/admin/translations'),
  cmsBanner: adminLevel('/content-management/banner'),
  cmsVideo: adminLevel('/content-management/video'),
  cmsPartner: adminLevel('/content-management/partner'),
  cmsBannerForm: adminLevel('/content-management/:cms_type/form-banner/:uuid?'),
  cmsVideoForm: adminLevel('/content-management/:cms_type/form-video/:uuid?'),
  cmsPartnerForm: adminLevel('/content-management/:cms_type/form-partner/:uuid?'),
} as const satisfies Record<string, BackofficeRoute>;

export type BackofficeRouteName = keyof typeof BACKOFFICE_ROUTES;

/** Where a guard sends the user; `null` means the route may be shown. */
export type GuardRedirect = '/login' | '/unauthorized-access' | '/profile/completion' | null;

/**
 * The guards of spec §4, §6 and §8 in order, for a user whose whoami already succeeded:
 * inactive → unauthorized, no country → profile completion, then the route's own access rule
 * and, for routes naming a country, the country scope.
 */
export function guardRoute(
  subject: Subject | null,
  route: BackofficeRouteName,
  params: Readonly<Record<string, string | undefined>> = {},
): GuardRedirect {
  if (!subject) return '/login';
  if (subject.status !== USER_STATUS.active) return '/unauthorized-access';
  if (!subject.country_code) return '/profile/completion';
  if (!hasRouteAccess(subject, BACKOFFICE_ROUTES[route].access)) return '/unauthorized-access';
  const country = params['country_code'];
  if (country !== undefined && !canActInCountry(subject, country)) return '/unauthorized-access';
  return null;
}

export function hasRouteAccess(subject: Subject, access: RouteAccess): boolean {
  switch (access.kind) {
    case 'signedIn':
      return true;
    case 'adminLevel':
      return isAdminLevel(subject);
    case 'userManagers':
      return canManageUsers(subject);
    case 'module':
      return (!access.adminLevel || isAdminLevel(subject)) && hasModuleRule(subject, access.module, access.rules);
  }
}

export interface SidebarItem {
  label: string;
  route: BackofficeRouteName;
}

export interface SidebarSection {
  label: string | null;
  items: SidebarItem[];
}

/** The sidebar menu of spec §2 filtered by the visibility rules of spec §6. */
export function sidebarFor(subject: Subject): SidebarSection[] {
  const adminLevel = isAdminLevel(subject);
  const moduleItems: SidebarItem[] = [];
  if (hasModuleRule(subject, 'national_report'))
    moduleItems.push({ label: 'National Reports', route: 'nationalReports' });
  if (adminLevel) moduleItems.push({ label: 'Urbanisation Profile: Overview', route: 'profileOverview' });
  if (hasModuleRule(subject, 'urban-profile-analytics')) {
    moduleItems.push({ label: 'Urbanisation Profile: Analytics', route: 'profileAnalytics' });
  }
  if (hasModuleRule(subject, 'best-practice')) moduleItems.push({ label: 'Best Practices', route: 'bestPractices' });

  const adminItems: SidebarItem[] = [];
  if (canManageUsers(subject)) adminItems.push({ label: 'Users', route: 'users' });
  if (adminLevel) {
    adminItems.push(
      { label: 'Access Control', route: 'acl' },
      { label: 'Messages', route: 'contactMessages' },
      { label: 'Countries', route: 'countries' },
      { label: 'Sent mail', route: 'sentMail' },
    );
  }

  const sections: SidebarSection[] = [{ label: null, items: [{ label: 'Dashboard', route: 'dashboard' }] }];
  if (moduleItems.length > 0) sections.push({ label: 'Modules', items: moduleItems });
  if (adminItems.length > 0) sections.push({ label: 'Administration', items: adminItems });
  if (adminLevel) {
    sections.push({
      label: 'CMS',
      items: [
        { label: 'Banner', route: 'cmsBanner' },
        { label: 'Media Gallery', route: 'cmsVideo' },
        { label: 'Partners', route: 'cmsPartner' },
      ],
    });
  }
  return sections;
}
