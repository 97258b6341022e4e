import { describe, expect, test } from 'vitest';
import { DEFAULT_GRANTS } from '../db/seed.server.ts';
import {
  BACKOFFICE_ROUTES,
  canActInCountry,
  canManageUsers,
  grantableRoles,
  guardRoute,
  hasModuleRule,
  isAdminLevel,
  isStateAdmin,
  MODULE_NAMES,
  ROLE_NAMES,
  RULE_ACTIONS,
  sidebarFor,
  type BackofficeRouteName,
  type ModuleName,
  type RoleName,
  type RuleAction,
  type Subject,
} from './permissions.ts';

/** A user whose roles hold the default grants of a fresh installation. */
function subject(
  roles: RoleName | readonly RoleName[] | null,
  options: { status?: number; country?: string | null } = {},
): Subject {
  const names = roles === null ? [] : typeof roles === 'string' ? [roles] : roles;
  return {
    status: options.status ?? 1,
    country_code: options.country === undefined ? 'PH' : options.country,
    roles: names.map((name) => ({
      name,
      permissions: Object.entries(DEFAULT_GRANTS[name]).map(([module, rules]) => ({ module, rules: [...rules] })),
    })),
  };
}

const ALL: readonly RuleAction[] = ['view', 'create', 'update'];

/** The default matrix, written out: what each role may do in each module. */
const EXPECTED_GRANTS: Record<RoleName, Record<ModuleName, readonly RuleAction[]>> = {
  tuxuri: { national_report: ALL, 'urban-profile-overview': ALL, 'urban-profile-analytics': ALL, 'best-practice': ALL },
  admin: { national_report: ALL, 'urban-profile-overview': ALL, 'urban-profile-analytics': ALL, 'best-practice': ALL },
  state_admin: {
    national_report: ALL,
    'urban-profile-overview': [],
    'urban-profile-analytics': ALL,
    'best-practice': ALL,
  },
  state_member: {
    national_report: ALL,
    'urban-profile-overview': [],
    'urban-profile-analytics': ['view'],
    'best-practice': ['view', 'create'],
  },
};

describe('hasModuleRule with the default grants', () => {
  const cases = ROLE_NAMES.flatMap((role) =>
    MODULE_NAMES.flatMap((module) =>
      RULE_ACTIONS.map((rule) => [role, module, rule, EXPECTED_GRANTS[role][module].includes(rule)] as const),
    ),
  );

  test.each(cases)('%s × %s × %s → %s', (role, module, rule, expected) => {
    expect(hasModuleRule(subject(role), module, [rule])).toBe(expected);
  });

  test.each(ROLE_NAMES.flatMap((role) => MODULE_NAMES.map((module) => [role, module] as const)))(
    '%s × %s with no rules listed means view',
    (role, module) => {
      expect(hasModuleRule(subject(role), module)).toBe(EXPECTED_GRANTS[role][module].includes('view'));
    },
  );

  test('listed rules are alternatives: one held is enough', () => {
    const member = subject('state_member');
    expect(hasModuleRule(member, 'urban-profile-analytics', ['create', 'update'])).toBe(false);
    expect(hasModuleRule(member, 'urban-profile-analytics', ['update', 'view'])).toBe(true);
    expect(hasModuleRule(member, 'best-practice', ['create', 'update'])).toBe(true);
    expect(hasModuleRule(member, 'best-practice', [])).toBe(false);
  });

  test('no role, or several roles: every module check fails', () => {
    for (const roles of [null, ['state_admin', 'state_member'], ['tuxuri', 'admin']] as const) {
      for (const module of MODULE_NAMES) {
        for (const rule of RULE_ACTIONS) expect(hasModuleRule(subject(roles), module, [rule])).toBe(false);
      }
    }
  });

  test('a module the role has no permission entry for fails', () => {
    const bare: Subject = { status: 1, country_code: 'PH', roles: [{ name: 'state_member', permissions: [] }] };
    expect(MODULE_NAMES.some((module) => hasModuleRule(bare, module))).toBe(false);
  });
});

/** Which single roles each route admits (active user with a country, own country in params). */
const ROUTE_ROLES: Record<BackofficeRouteName, readonly RoleName[]> = {
  dashboard: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  notifications: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReports: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReportQuestionnaire: ['tuxuri', 'admin'],
  nationalReportSearch: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReportCompare: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReportIndicatorForm: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReportIndicatorPreview: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  nationalReportForm: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  profileOverview: ['tuxuri', 'admin'],
  profileOverviewForm: ['tuxuri', 'admin'],
  profileAnalytics: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  profileAnalyticsCategory: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  profileAnalyticsForm: ['tuxuri', 'admin', 'state_admin'],
  bestPractices: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  bestPracticeForm: ['tuxuri', 'admin', 'state_admin', 'state_member'],
  users: ['tuxuri', 'admin', 'state_admin'],
  userForm: ['tuxuri', 'admin', 'state_admin'],
  acl: ['tuxuri', 'admin'],
  contactMessages: ['tuxuri', 'admin'],
  countries: ['tuxuri', 'admin'],
  trustedAuthorities: ['tuxuri', 'admin'],
  sentMail: ['tuxuri', 'admin'],
  translations: ['tuxuri', 'admin'],
  cmsBanner: ['tuxuri', 'admin'],
  cmsVideo: ['tuxuri', 'admin'],
  cmsPartner: ['tuxuri', 'admin'],
  cmsBannerForm: ['tuxuri', 'admin'],
  cmsVideoForm: ['tuxuri', 'admin'],
  cmsPartnerForm: ['tuxuri', 'admin'],
};

const ROUTES = Object.keys(BACKOFFICE_ROUTES) as BackofficeRouteName[];
const hasCountryParam = (route: BackofficeRouteName) => BACKOFFICE_ROUTES[route].path.includes(':country_code');

describe('guardRoute', () => {
  test('the table above covers every back-office route', () => {
    expect(Object.keys(ROUTE_ROLES).sort()).toEqual([...ROUTES].sort());
    expect(ROUTES.filter(hasCountryParam).sort()).toEqual(
      [
        'nationalReportForm',
        'nationalReportIndicatorForm',
        'nationalReportIndicatorPreview',
        'profileAnalyticsForm',
      ].sort(),
    );
  });

  const matrix = ROUTES.flatMap((route) => [...ROLE_NAMES, null].map((role) => [route, role] as const));

  test.each(matrix)('%s as %s', (route, role) => {
    const own = hasCountryParam(route) ? { country_code: 'PH' } : {};
    const allowed = role !== null && ROUTE_ROLES[route].includes(role);
    // Signed in with no role: the dashboard and one's own notifications.
    const noRoleAllowed = role === null && (route === 'dashboard' || route === 'notifications');

    // Active, with a country: the route's own rule decides.
    expect(guardRoute(subject(role), route, own)).toBe(allowed || noRoleAllowed ? null : '/unauthorized-access');
    // Inactive (any status but 1), with or without a country: unauthorized, before anything else.
    for (const status of [0, 2]) {
      expect(guardRoute(subject(role, { status }), route, own)).toBe('/unauthorized-access');
      expect(guardRoute(subject(role, { status, country: null }), route, own)).toBe('/unauthorized-access');
    }
    // Active without a country: profile completion first, whatever the role.
    expect(guardRoute(subject(role, { country: null }), route, own)).toBe('/profile/completion');
    // Nobody signed in.
    expect(guardRoute(null, route, own)).toBe('/login');
  });

  test.each(ROUTES.filter(hasCountryParam).flatMap((route) => ROLE_NAMES.map((role) => [route, role] as const)))(
    '%s as %s: country scope',
    (route, role) => {
      const adminLevel = role === 'tuxuri' || role === 'admin';
      const allowed = ROUTE_ROLES[route].includes(role);
      expect(guardRoute(subject(role), route, { country_code: 'VN' })).toBe(adminLevel ? null : '/unauthorized-access');
      // Codes compare without regard to case.
      expect(guardRoute(subject(role), route, { country_code: 'ph' })).toBe(allowed ? null : '/unauthorized-access');
    },
  );

  test('the questionnaire needs an admin-level role and the national_report update rule', () => {
    const admin = subject('admin');
    expect(guardRoute(admin, 'nationalReportQuestionnaire')).toBeNull();
    const viewOnly: Subject = {
      ...admin,
      roles: [{ name: 'admin', permissions: [{ module: 'national_report', rules: ['view', 'create'] }] }],
    };
    expect(guardRoute(viewOnly, 'nationalReportQuestionnaire')).toBe('/unauthorized-access');
    expect(guardRoute(viewOnly, 'nationalReports')).toBeNull();
  });

  test('several roles: module routes refused, role-based routes follow any role', () => {
    const stateBoth = subject(['state_admin', 'state_member']);
    expect(guardRoute(stateBoth, 'nationalReports')).toBe('/unauthorized-access');
    expect(guardRoute(stateBoth, 'bestPractices')).toBe('/unauthorized-access');
    expect(guardRoute(stateBoth, 'users')).toBeNull();
    expect(guardRoute(stateBoth, 'dashboard')).toBeNull();
    const adminBoth = subject(['admin', 'state_member']);
    expect(guardRoute(adminBoth, 'acl')).toBeNull();
    expect(guardRoute(adminBoth, 'nationalReports')).toBe('/unauthorized-access');
  });
});

describe('role helpers', () => {
  test('admin level, state admin and user managers', () => {
    expect(ROLE_NAMES.map((r) => isAdminLevel(subject(r)))).toEqual([true, true, false, false]);
    expect(ROLE_NAMES.map((r) => isStateAdmin(subject(r)))).toEqual([false, false, true, false]);
    expect(ROLE_NAMES.map((r) => canManageUsers(subject(r)))).toEqual([true, true, true, false]);
    expect(isStateAdmin(subject(['admin', 'state_admin']))).toBe(false);
    expect(canManageUsers(subject(null))).toBe(false);
  });

  test('grantable roles', () => {
    expect(grantableRoles(subject('tuxuri'))).toEqual(['tuxuri', 'admin', 'state_admin', 'state_member']);
    expect(grantableRoles(subject('admin'))).toEqual(['admin', 'state_admin', 'state_member']);
    expect(grantableRoles(subject('state_admin'))).toEqual(['state_admin', 'state_member']);
    expect(grantableRoles(subject('state_member'))).toEqual([]);
    expect(grantableRoles(subject(null))).toEqual([]);
  });

  test('country scope', () => {
    expect(canActInCountry(subject('admin', { country: null }), 'VN')).toBe(true);
    expect(canActInCountry(subject('state_admin'), 'PH')).toBe(true);
    expect(canActInCountry(subject('state_admin'), 'ph')).toBe(true);
    expect(canActInCountry(subject('state_admin'), 'VN')).toBe(false);
    expect(canActInCountry(subject('state_member', { country: null }), 'PH')).toBe(false);
  });
});

/** A sidebar item: what it says and the route it opens. */
const item = (label: string, route: BackofficeRouteName) => ({ label, route });

const DASHBOARD = { label: null, items: [item('Dashboard', 'dashboard')] };
const ADMIN_SIDEBAR = [
  DASHBOARD,
  {
    label: 'Modules',
    items: [
      item('National Reports', 'nationalReports'),
      item('Urbanisation Profile: Overview', 'profileOverview'),
      item('Urbanisation Profile: Analytics', 'profileAnalytics'),
      item('Best Practices', 'bestPractices'),
    ],
  },
  {
    label: 'Administration',
    items: [
      item('Users', 'users'),
      item('Access Control', 'acl'),
      item('Messages', 'contactMessages'),
      item('Countries', 'countries'),
      item('Sent mail', 'sentMail'),
    ],
  },
  {
    label: 'CMS',
    items: [item('Banner', 'cmsBanner'), item('Media Gallery', 'cmsVideo'), item('Partners', 'cmsPartner')],
  },
];
const STATE_MODULES = {
  label: 'Modules',
  items: [
    item('National Reports', 'nationalReports'),
    item('Urbanisation Profile: Analytics', 'profileAnalytics'),
    item('Best Practices', 'bestPractices'),
  ],
};

describe('sidebarFor', () => {
  test.each([
    ['tuxuri', ADMIN_SIDEBAR],
    ['admin', ADMIN_SIDEBAR],
    ['state_admin', [DASHBOARD, STATE_MODULES, { label: 'Administration', items: [item('Users', 'users')] }]],
    ['state_member', [DASHBOARD, STATE_MODULES]],
  ] as const)('%s', (role, expected) => {
    expect(sidebarFor(subject(role))).toEqual(expected);
  });

  test('no role: the dashboard only', () => {
    expect(sidebarFor(subject(null))).toEqual([DASHBOARD]);
  });

  test('several roles: no module items, administration by role', () => {
    expect(sidebarFor(subject(['state_admin', 'state_member']))).toEqual([
      DASHBOARD,
      { label: 'Administration', items: [item('Users', 'users')] },
    ]);
  });

  test('module items follow the permissions; Overview follows the admin level only', () => {
    const adminWithout: Subject = { status: 1, country_code: 'JP', roles: [{ name: 'admin', permissions: [] }] };
    expect(sidebarFor(adminWithout)[1]).toEqual({
      label: 'Modules',
      items: [item('Urbanisation Profile: Overview', 'profileOverview')],
    });
    const memberWithout: Subject = {
      status: 1,
      country_code: 'PH',
      roles: [{ name: 'state_member', permissions: [] }],
    };
    expect(sidebarFor(memberWithout)).toEqual([DASHBOARD]);
    const memberCreateOnly: Subject = {
      status: 1,
      country_code: 'PH',
      roles: [{ name: 'state_member', permissions: [{ module: 'best-practice', rules: ['create'] }] }],
    };
    // The list needs view.
    expect(sidebarFor(memberCreateOnly)).toEqual([DASHBOARD]);
  });

  test.each(ROLE_NAMES)('%s: every item shown is a route the guard lets through', (role) => {
    for (const section of sidebarFor(subject(role))) {
      for (const item of section.items) expect(guardRoute(subject(role), item.route), item.route).toBeNull();
    }
  });
});
