// The one route table of the app, as data: it mirrors spec section 2. Each page inside the shell names the
// rule of spec 6 that opens it (a key of menuRules in lambdas/kernel/access/rules.ts): the same entry gates
// its menu link and its route. The navigation, the breadcrumbs, the route guard and the pages read it from
// here; routes.tsx turns it into routes with their page elements, so nothing here imports a page or the layout.
import type { IconProps } from '@cloudscape-design/components/icon';
import type { MenuEntry, ServiceName } from '../../lambdas/kernel/access/rules';

/** A rule of spec 6 by its name in menuRules; the two per-service rules carry their service. */
export type AccessGate =
  | { rule: 'report' | 'analystServicePage'; service: ServiceName }
  | { rule: Exclude<MenuEntry, 'report' | 'analystServicePage'> };

export type SectionId = 'home' | 'reports' | 'templates' | 'analyst' | 'administration';

/** A main section: one button of the navigation rail, its pages in the sub-menu beside it. */
export interface NavSection {
  id: SectionId;
  title: string;
  iconName: IconProps.Name;
  /** The section's own rule of spec 6; every page in it needs it too. */
  gate?: AccessGate;
}

export const navSections: readonly NavSection[] = [
  { id: 'home', title: 'Home', iconName: 'grid-view' },
  { id: 'reports', title: 'Reports', iconName: 'file', gate: { rule: 'reports' } },
  { id: 'templates', title: 'Templates', iconName: 'script', gate: { rule: 'templates' } },
  { id: 'analyst', title: 'Analyst', iconName: 'security', gate: { rule: 'analystSection' } },
  { id: 'administration', title: 'Administration', iconName: 'settings', gate: { rule: 'administration' } },
];

/** A page inside the shell (spec 2's routes table). */
export interface ShellPage {
  path: string;
  /** The page's title (spec 2's purpose column). */
  title: string;
  /** Its link text in the section's sub-menu. */
  navLabel: string;
  section: SectionId;
  /** A heading the link sits under in the sub-menu. */
  group?: string;
  /** The rule of spec 6 that opens it (besides its section's); none: every signed-in user. */
  gate?: AccessGate;
  /**
   * Its own gate alone opens it, without its section's: the analyst service pages, as spec 6 opens the
   * password-cracking page to the people who manage that service, whatever their level (the section needs 5).
   */
  ownGateOnly?: true;
}

export const shellPages: readonly ShellPage[] = [
  { path: '/', title: 'Home', navLabel: 'Home', section: 'home' },
  { path: '/profile', title: 'Settings', navLabel: 'Settings', section: 'home' },

  { path: '/reports', title: 'Reports', navLabel: 'All reports', section: 'reports', gate: { rule: 'reports' } },
  ...(
    [
      ['projectmariana', '/reports/projectmariana', 'ProjectMariana'],
      ['password_cracking', '/reports/password_cracking', 'Password cracking'],
      ['dast', '/reports/dast', 'DAST'],
      ['network', '/reports/network', 'Network scanning'],
      ['cloud', '/reports/cloud', 'Cloud scanning'],
    ] as const
  ).map(([service, path, name]): ShellPage => ({
    path,
    title: `${name} reports`,
    navLabel: name,
    section: 'reports',
    gate: { rule: 'report', service },
  })),

  {
    path: '/templates',
    title: 'Templates',
    navLabel: 'All templates',
    section: 'templates',
    gate: { rule: 'templates' },
  },
  {
    path: '/templates/finding',
    title: 'Finding templates',
    navLabel: 'Finding templates',
    section: 'templates',
    gate: { rule: 'templates' },
  },

  ...(
    [
      ['projectmariana', '/analyst/services/projectmariana', 'ProjectMariana'],
      ['dast', '/analyst/services/dast', 'DAST'],
      ['network', '/analyst/services/network', 'Network scanning'],
      ['cloud', '/analyst/services/cloud', 'Cloud scanning'],
      ['password_cracking', '/analyst/services/password-cracking', 'Password cracking'],
    ] as const
  ).map(([service, path, name]): ShellPage => ({
    path,
    title: `${name} service`,
    navLabel: name,
    section: 'analyst',
    group: 'Services',
    gate: { rule: 'analystServicePage', service },
    ownGateOnly: true,
  })),
  {
    path: '/analyst/vault/link',
    title: 'Generate vault share link',
    navLabel: 'Vault share link',
    section: 'analyst',
    group: 'Vault',
    gate: { rule: 'vaultLinks' },
  },
  {
    path: '/analyst/vault/request',
    title: 'Generate vault request link',
    navLabel: 'Vault request link',
    section: 'analyst',
    group: 'Vault',
    gate: { rule: 'vaultLinks' },
  },
  { path: '/analyst/agents', title: 'Manage agents', navLabel: 'Agents', section: 'analyst', gate: { rule: 'agents' } },
  {
    path: '/analyst/locations',
    title: 'Manage locations',
    navLabel: 'Locations',
    section: 'analyst',
    gate: { rule: 'locations' },
  },
  {
    path: '/analyst/reviews',
    title: 'Review requests',
    navLabel: 'Review requests',
    section: 'analyst',
    gate: { rule: 'reviewRequests' },
  },

  {
    path: '/admin/company/create-company',
    title: 'Create company',
    navLabel: 'Create company',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'createCompany' },
  },
  {
    path: '/admin/company',
    title: 'Manage companies',
    navLabel: 'Manage companies',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageCompanies' },
  },
  {
    path: '/admin/company/manage-users',
    title: 'Manage company users',
    navLabel: 'Manage users',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/company/notifications',
    title: 'Notifications',
    navLabel: 'Notifications',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/company/integrations',
    title: 'Integrations',
    navLabel: 'Integrations',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/company/sla',
    title: 'SLA policy',
    navLabel: 'SLA policy',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/app/users',
    title: 'Platform users',
    navLabel: 'Platform users',
    section: 'administration',
    group: 'Platform',
    gate: { rule: 'platformUsers' },
  },
  {
    path: '/admin/app/services',
    title: 'Platform services',
    navLabel: 'Platform services',
    section: 'administration',
    group: 'Platform',
    gate: { rule: 'platformServices' },
  },
  {
    path: '/admin/feeds',
    title: 'Threat feeds',
    navLabel: 'Threat feeds',
    section: 'administration',
    group: 'Platform',
    gate: { rule: 'threatFeeds' },
  },
  {
    path: '/admin/keys_email',
    title: 'E-mail keys',
    navLabel: 'E-mail keys',
    section: 'administration',
    group: 'Keys',
    gate: { rule: 'emailKeys' },
  },
  {
    path: '/admin/dast',
    title: 'DAST keys',
    navLabel: 'DAST keys',
    section: 'administration',
    group: 'Keys',
    gate: { rule: 'dastKeys' },
  },
];

/** Route `handle`: how to fetch the route's page chunk ahead of rendering it, and which page it is. */
export interface RouteHandle {
  preload: () => Promise<void>;
  /** True for routes shown without sign-in (their chunk may load before the auth state is known). */
  public?: boolean;
  /** The shell page the route shows (its title and its gate). */
  page?: ShellPage;
}
