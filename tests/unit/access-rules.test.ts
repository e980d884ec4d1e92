// Spec section 6's rules at the edge levels, every service flag, and spec section 4's company selection.
import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../lambdas/kernel/access/caller.js';
import {
  canAccessCompany,
  canDecideEveryReview,
  canListAllCompanies,
  canSearchTemplates,
  canViewService,
  hasLevel,
  isAdmin,
  managesService,
  menuRules,
  selectCompany,
  type AccessClaims,
} from '../../lambdas/kernel/access/rules.js';

const levels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const access = (accessLevel: number, more: Partial<AccessClaims> & { userType?: string } = {}): AccessClaims => ({
  claims: { userType: more.userType ?? 'customer', accessLevel },
  companies: more.companies ?? [],
  servicesEnabled: more.servicesEnabled ?? [],
  servicesManaged: more.servicesManaged ?? [],
});
const allFlagsOff = {
  enableViewProjectMarianaResults: false,
  enableViewProjectMarianaStats: false,
  enableDast: false,
  enableDastTriggering: false,
  enableViewResultsNetwork: false,
  enableViewCloudScanStats: false,
  enableViewCloudScanResults: false,
  enableViewResultsPasswordCracking: false,
};
const company = (flags: Partial<typeof allFlagsOff>): CompanyRecord => ({
  slug: 'acme',
  companyName: 'Acme',
  version: 1,
  ...allFlagsOff,
  ...flags,
});

describe('levels', () => {
  it.each(levels)('hasLevel passes at and above the threshold (level %i)', (level) => {
    for (const threshold of levels) expect(hasLevel(access(level), threshold)).toBe(level >= threshold);
  });

  it('admin needs 5 or higher', () => {
    expect(levels.filter((level) => isAdmin(access(level)))).toEqual([5, 6, 7, 8, 9]);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('template search: analysts above 5 only', () => {
    expect(levels.filter((level) => canSearchTemplates(access(level, { userType: 'analyst' })))).toEqual([6, 7, 8, 9]);
    expect(levels.filter((level) => canSearchTemplates(access(level)))).toEqual([]);
  });

  it('all companies: analysts with 7 or more only', () => {
    expect(levels.filter((level) => canListAllCompanies(access(level, { userType: 'analyst' })))).toEqual([7, 8, 9]);
    expect(levels.filter((level) => canListAllCompanies(access(level)))).toEqual([]);
  });

  it('review requests of every company: analysts with 7 or more only, never a customer', () => {
    expect(levels.filter((level) => canDecideEveryReview(access(level, { userType: 'analyst' })))).toEqual([7, 8, 9]);
    expect(levels.filter((level) => canDecideEveryReview(access(level)))).toEqual([]);
    expect(menuRules.reviewRequests({ access: access(7, { userType: 'analyst' }), company: undefined })).toBe(true);
    expect(menuRules.reviewRequests({ access: access(9, { companies: ['acme'] }), company: undefined })).toBe(false);
  });

  it('company access: members, or analysts who see every company', () => {
    expect(canAccessCompany(access(1, { companies: ['acme'] }), 'acme')).toBe(true);
    expect(canAccessCompany(access(9, { companies: ['acme'] }), 'globex')).toBe(false);
    expect(canAccessCompany(access(7, { userType: 'analyst' }), 'globex')).toBe(true);
    expect(canAccessCompany(access(6, { userType: 'analyst' }), 'globex')).toBe(false);
    expect(canAccessCompany(undefined, 'acme')).toBe(false);
  });
});

describe('service viewing', () => {
  const cases: [string, Partial<typeof allFlagsOff>][] = [
    ['projectmariana', { enableViewProjectMarianaResults: true }],
    ['projectmariana', { enableViewProjectMarianaStats: true }],
    ['dast', { enableDast: true }],
    ['network', { enableViewResultsNetwork: true }],
    ['cloud', { enableViewCloudScanStats: true }],
    ['cloud', { enableViewCloudScanResults: true }],
    ['password_cracking', { enableViewResultsPasswordCracking: true }],
  ];

  it.each(cases)('%s is on with %o: level 2 or more, or the service in servicesEnabled', (service, flags) => {
    const on = company(flags);
    expect(levels.filter((level) => canViewService(on, access(level), service))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(canViewService(on, access(0, { servicesEnabled: [service] }), service)).toBe(true);
    expect(canViewService(on, access(1, { servicesEnabled: ['other'] }), service)).toBe(false);
  });

  it.each(['projectmariana', 'dast', 'network', 'cloud', 'password_cracking'])(
    '%s is off without its flag, whatever the level',
    (service) => {
      const everyOtherFlag = Object.fromEntries(
        Object.keys(allFlagsOff).map((flag) => [
          flag,
          !cases.some(([name, flags]) => name === service && flag in flags),
        ]),
      );
      expect(canViewService(company(everyOtherFlag), access(9, { servicesEnabled: [service] }), service)).toBe(false);
    },
  );

  it('dast-triggering needs enableDast and enableDastTriggering', () => {
    expect(canViewService(company({ enableDast: true }), access(9), 'dast-triggering')).toBe(false);
    expect(canViewService(company({ enableDastTriggering: true }), access(9), 'dast-triggering')).toBe(false);
    expect(
      canViewService(company({ enableDast: true, enableDastTriggering: true }), access(2), 'dast-triggering'),
    ).toBe(true);
    expect(
      canViewService(
        company({ enableDast: true, enableDastTriggering: true }),
        access(1, { servicesEnabled: ['dast'] }),
        'dast-triggering',
      ),
    ).toBe(true);
  });

  it('denies unknown services and a missing company record', () => {
    const everything = company(Object.fromEntries(Object.keys(allFlagsOff).map((flag) => [flag, true])));
    expect(canViewService(everything, access(9, { servicesEnabled: ['vault'] }), 'vault')).toBe(false);
    expect(canViewService(everything, access(9), '__proto__')).toBe(false);
    expect(canViewService(undefined, access(9), 'dast')).toBe(false);
  });

  it('servicesManaged is its own check', () => {
    expect(managesService(access(0, { servicesManaged: ['password_cracking'] }), 'password_cracking')).toBe(true);
    expect(managesService(access(9), 'password_cracking')).toBe(false);
  });
});

describe('menu rules (spec section 6 table)', () => {
  const flat: [keyof typeof menuRules, number][] = [
    ['templates', 7],
    ['analystSection', 5],
    ['vaultLinks', 5],
    ['agents', 7],
    ['locations', 7],
    ['administration', 3],
    ['createCompany', 7],
    ['manageCompanies', 7],
    ['platformUsers', 9],
    ['platformServices', 9],
    ['threatFeeds', 9],
    ['emailKeys', 9],
    ['manageUsers', 3],
  ];
  it.each(flat)('%s needs level %i', (entry, level) => {
    const rule = menuRules[entry] as (context: { access: AccessClaims; company: undefined }) => boolean;
    expect(levels.filter((candidate) => rule({ access: access(candidate), company: undefined }))).toEqual(
      levels.filter((l) => l >= level),
    );
  });

  it('analyst service pages need 7; password cracking also shows for its service grant', () => {
    const context = (level: number, servicesManaged: string[] = []) => ({
      access: access(level, { servicesManaged }),
      company: undefined,
    });
    expect(levels.filter((level) => menuRules.analystServicePage(context(level), 'dast'))).toEqual([7, 8, 9]);
    expect(menuRules.analystServicePage(context(1, ['password_cracking']), 'password_cracking')).toBe(true);
    expect(menuRules.analystServicePage(context(1, ['password_cracking']), 'dast')).toBe(false);
  });

  it('DAST keys need level 3 and enableDastTriggering', () => {
    expect(menuRules.dastKeys({ access: access(3), company: company({ enableDastTriggering: true }) })).toBe(true);
    expect(menuRules.dastKeys({ access: access(2), company: company({ enableDastTriggering: true }) })).toBe(false);
    expect(menuRules.dastKeys({ access: access(9), company: company({}) })).toBe(false);
    expect(menuRules.dastKeys({ access: access(9), company: undefined })).toBe(false);
  });

  it('report entries: level 1 plus the service enabled, or an admin-type override', () => {
    const dastOnly = company({ enableDast: true });
    expect(menuRules.report({ access: access(1, { servicesEnabled: ['dast'] }), company: dastOnly }, 'dast')).toBe(
      true,
    );
    expect(menuRules.report({ access: access(0, { servicesEnabled: ['dast'] }), company: dastOnly }, 'dast')).toBe(
      false,
    );
    expect(menuRules.report({ access: access(1), company: dastOnly }, 'dast')).toBe(false);
    expect(menuRules.report({ access: access(2), company: dastOnly }, 'network')).toBe(false);
    expect(menuRules.report({ access: access(5), company: undefined }, 'network')).toBe(true);
    expect(menuRules.reports({ access: access(1), company: dastOnly })).toBe(false);
    expect(menuRules.reports({ access: access(2), company: dastOnly })).toBe(true);
  });
});

describe('company selection (spec section 4)', () => {
  it('no companies: none selected', () => expect(selectCompany([], 'acme')).toBeUndefined());
  it('one: that one, whatever the preference', () => expect(selectCompany(['acme'], 'globex')).toBe('acme'));
  it('several: the default company', () => expect(selectCompany(['acme', 'globex'], 'globex')).toBe('globex'));
  it('several without a usable default: the first', () => {
    expect(selectCompany(['acme', 'globex'], undefined)).toBe('acme');
    expect(selectCompany(['acme', 'globex'], 'initech')).toBe('acme');
  });
});
