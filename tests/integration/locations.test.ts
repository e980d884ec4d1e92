// Scanning locations through the API handler against DynamoDB Local: an analyst of level 7 creates, lists, edits
// and deletes a company's locations; ranges are canonical CIDR blocks with exclusions inside them, and a range
// overlapping another location's in the same network is refused (another network may reuse it); one default per
// company; edits and deletes are conditional on the version seen; bad input and other callers change nothing.
// Every change is recorded as an event of the analyst, and every refused input.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLocations } from '../../infra/local/demo-locations.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { listLocationItems } from '../../lambdas/kernel/data/entities/locations.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

let slug: string;
let analyst: ReturnType<typeof signedInCaller>;
let analystUid: string;

beforeAll(async () => {
  slug = `loc-${randomUUID().slice(0, 8)}`;
  await createCompanyAs({ uid: 'tests', email: 'tests@example.com' }, { slug, companyName: 'Locations Co', flags: {} });
  const user = await createTestUser({ userType: 'analyst', accessLevel: 7 });
  analystUid = user.uid;
  analyst = signedInCaller(user);
});

/** The analyst's events of a type, newest first. */
async function eventsOf(type: string) {
  const { events } = await listEventsCreatedBy(analystUid, { limit: 100, descending: true });
  return events.filter((event) => event.type === type);
}

const site = (name: string, fields: Record<string, unknown> = {}) => ({
  slug,
  name,
  kind: 'site',
  cidrs: ['192.168.0.0/16'],
  ...fields,
});

describe('scanning locations', () => {
  it('creates a company’s locations, the first its default, with canonical ranges and domains, and lists them', async () => {
    const created = await analyst(
      'createLocation',
      site('Berlin office', {
        cidrs: ['10.1.0.0/16', ' 2001:db8:abcd::/48'],
        exclusions: ['10.1.5.0/24'],
        domains: ['App.Acme.example', '*.acme.example', 'app.acme.example'],
        scanWindow: { days: ['sat', 'sun'], start: '22:00', end: '06:00', timeZone: 'Europe/Berlin' },
      }),
    );
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({
      slug,
      name: 'Berlin office',
      kind: 'site',
      cidrs: ['10.1.0.0/16', '2001:db8:abcd::/48'],
      exclusions: ['10.1.5.0/24'],
      domains: ['app.acme.example', '*.acme.example'],
      networkLabel: 'default',
      isDefault: true,
      version: 1,
    });
    const region = await analyst(
      'createLocation',
      site('AWS Frankfurt', { kind: 'hosted-region', region: 'eu-central-1', cidrs: ['203.0.113.0/24'] }),
    );
    expect(region.body.result.isDefault).toBe(false);

    const list = await analyst('listLocations', { slug });
    expect(list.body.result.locations.map((location: { name: string }) => location.name)).toEqual([
      'AWS Frankfurt',
      'Berlin office',
    ]);

    const createdEvents = await eventsOf('locationCreated');
    expect(createdEvents.map((event) => event.summary)).toEqual([
      `Created the location "AWS Frankfurt" of ${slug} (203.0.113.0/24)`,
      `Created the location "Berlin office" of ${slug} (10.1.0.0/16, 2001:db8:abcd::/48)`,
    ]);
    expect(createdEvents[1]).toMatchObject({
      subject: { company: { slug } },
      after: { locationId: created.body.result.locationId, name: 'Berlin office', version: 1 },
    });
  });

  it('refuses ranges that are not CIDR blocks, have host bits set, overlap, or exclusions outside them; writes nothing', async () => {
    const before = await listLocationItems(slug);
    const cases: [Record<string, unknown>, RegExp][] = [
      [site('Bad 1', { cidrs: ['10.0.0.300/24'] }), /cidrs\.0: "10.0.0.300\/24" is not a CIDR block/],
      [site('Bad 2', { cidrs: ['10.0.0.0'] }), /cidrs\.0: "10.0.0.0" is not a CIDR block/],
      [
        site('Bad 3', { cidrs: ['10.9.0.1/16'] }),
        /cidrs\.0: "10.9.0.1\/16" has host bits set: did you mean 10.9.0.0\/16\?/,
      ],
      [
        site('Bad 4', { cidrs: ['10.8.0.0/16', '10.8.4.0/24'] }),
        /cidrs\.1: 10.8.4.0\/24 overlaps 10.8.0.0\/16 of the same location/,
      ],
      [
        site('Bad 5', { cidrs: ['10.7.0.0/16'], exclusions: ['10.6.1.0/24'] }),
        /exclusions\.0: 10.6.1.0\/24 is not inside/,
      ],
      [
        site('Bad 6', { cidrs: ['10.1.128.0/17'] }),
        /cidrs\.0: 10.1.128.0\/17 overlaps 10.1.0.0\/16 of "Berlin office" in the network "default"/,
      ],
      [site('Bad 7', { kind: 'hosted-region', cidrs: [] }), /region: a hosted region names its cloud region/],
      [
        site('Bad 8', {
          cidrs: ['10.5.0.0/16'],
          scanWindow: { days: ['mon'], start: '01:00', end: '02:00', timeZone: 'Mars/Olympus' },
        }),
        /scanWindow.timeZone: "Mars\/Olympus" is not a time zone/,
      ],
      [
        site('Bad 9', {
          cidrs: ['10.5.0.0/16'],
          scanWindow: { days: [], start: '01:00', end: '02:00', timeZone: 'UTC' },
        }),
        /scanWindow.days/,
      ],
      [site('Bad 10', { kind: 'datacenter' }), /kind: must be one of hosted-region, site, segment, vpc/],
      [site('Bad 11', { domains: ['not a domain'] }), /domains\.0: must be a domain name/],
      [
        site('berlin OFFICE', { cidrs: ['10.4.0.0/16'] }),
        /name: the company already has a location named "Berlin office"/,
      ],
    ];
    const refusedBefore = (await eventsOf('locationRefused')).length;
    const createdBefore = (await eventsOf('locationCreated')).length;
    for (const [input, message] of cases) {
      const answer = await analyst('createLocation', input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect(await listLocationItems(slug)).toEqual(before);
    // The kernel's refusals are recorded (the schema's own, Bad 9 to 11, are refused before the kernel sees them).
    const refused = await eventsOf('locationRefused');
    expect(refused.length - refusedBefore).toBe(cases.length - 3);
    const summaries = refused.map((event) => event.summary).join('\n');
    expect(summaries).toContain(
      `Refused a new location "Bad 1" of ${slug}: cidrs.0: "10.0.0.300/24" is not a CIDR block`,
    );
    expect(summaries).toContain('cidrs.0: 10.1.128.0/17 overlaps 10.1.0.0/16 of "Berlin office"');
    expect((await eventsOf('locationCreated')).length).toBe(createdBefore);
  });

  it('lets another network reuse the same private ranges (two sites, each its own 10.1.0.0/16)', async () => {
    const answer = await analyst(
      'createLocation',
      site('Munich office', { cidrs: ['10.1.0.0/16'], networkLabel: 'munich' }),
    );
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.networkLabel).toBe('munich');
  });

  it('keeps one default: a new default clears the old one in the same write', async () => {
    const answer = await analyst(
      'createLocation',
      site('Hamburg VPC', { kind: 'vpc', cidrs: ['172.16.0.0/12'], isDefault: true }),
    );
    expect(answer.body.result.isDefault).toBe(true);
    const defaults = (await listLocationItems(slug)).filter((location) => location.isDefault);
    expect(defaults.map((location) => location.name)).toEqual(['Hamburg VPC']);
    const berlin = (await listLocationItems(slug)).find((location) => location.name === 'Berlin office')!;
    expect(berlin.version).toBe(2); // cleared by the new default's transaction
  });

  it('edits on the version seen: a stale version is refused with 409 and changes nothing', async () => {
    const [berlin] = (await listLocationItems(slug)).filter((location) => location.name === 'Berlin office');
    const edit = {
      slug,
      locationId: berlin!.locationId,
      name: 'Berlin HQ',
      kind: 'site',
      cidrs: ['10.1.0.0/16'],
      exclusions: [],
    };
    const saved = await analyst('updateLocation', { ...edit, expectedVersion: berlin!.version });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ name: 'Berlin HQ', version: berlin!.version + 1, exclusions: [] });
    expect(saved.body.result.scanWindow).toBeUndefined();

    const stale = await analyst('updateLocation', { ...edit, name: 'Berlin old', expectedVersion: berlin!.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error.message).toMatch(/Someone else changed this location/);
    expect((await listLocationItems(slug)).find((location) => location.locationId === berlin!.locationId)?.name).toBe(
      'Berlin HQ',
    );

    const staleDelete = await analyst('deleteLocation', { slug, locationId: berlin!.locationId, expectedVersion: 1 });
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await analyst('deleteLocation', {
      slug,
      locationId: berlin!.locationId,
      expectedVersion: saved.body.result.version,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await listLocationItems(slug)).some((location) => location.locationId === berlin!.locationId)).toBe(false);

    const [updated] = await eventsOf('locationUpdated');
    expect(updated).toMatchObject({
      summary: `Updated the location "Berlin office" (now "Berlin HQ") of ${slug} (10.1.0.0/16)`,
      before: { name: 'Berlin office', version: berlin!.version },
      after: { name: 'Berlin HQ', version: berlin!.version + 1 },
    });
    // The stale edit and the stale delete wrote no event.
    expect((await eventsOf('locationUpdated')).filter((event) => event.summary.includes('Berlin old'))).toEqual([]);
    expect(await eventsOf('locationDeleted')).toMatchObject([
      { summary: `Deleted the location "Berlin HQ" of ${slug}`, before: { locationId: berlin!.locationId } },
    ]);
  });

  it('answers customers and junior analysts 403, and a company that does not exist 403 with nothing written', async () => {
    const manager = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
    const junior = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 5 }));
    for (const caller of [manager, junior]) {
      expect((await caller('listLocations', { slug })).statusCode).toBe(403);
      expect((await caller('createLocation', site('Refused', { cidrs: ['10.99.0.0/16'] }))).statusCode).toBe(403);
    }
    const ghost = `ghost-${randomUUID().slice(0, 8)}`;
    const refused = await analyst('createLocation', { ...site('Ghost'), slug: ghost });
    expect(refused.statusCode).toBe(403);
    expect(await listLocationItems(ghost)).toEqual([]);
  });

  it('seeds the demo locations once: Acme’s default site and hosted region, Globex’s plant in a network of its own', async () => {
    const analystUser = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    await seedDemoLocations(analystUser);
    await seedDemoLocations(analystUser);
    const acme = await listLocationItems('acme');
    expect(acme.filter((location) => location.name === 'Acme HQ (Berlin)')).toHaveLength(1);
    expect(acme.find((location) => location.name === 'Acme HQ (Berlin)')).toMatchObject({ isDefault: true });
    expect(acme.find((location) => location.name === 'AWS eu-central-1')).toMatchObject({ region: 'eu-central-1' });
    const globex = await listLocationItems('globex');
    expect(globex.map((location) => [location.name, location.networkLabel])).toEqual([
      ['Globex plant network', 'globex-plant'],
    ]);
  });
});
