// The template search endpoint of the local stack, driven by the official Algolia client (algoliasearch
// lite, unmodified) with the credentials getSearchClient hands out and the hosts runtime-config.json names:
// typos (one from 4 letters, two from 8; in titles, not descriptions), prefixes, highlighting, ranking by
// usage on ties, retired templates leaving the index, and keys refused (forged, expired, for another index)
// with Algolia's words.
// The templates use made-up words, so the seeded library and other suites' templates never match.
import { liteClient } from 'algoliasearch/lite';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { searchKeySecret, securedSearchKey } from '../../lambdas/kernel/templates/search-key.js';
import {
  createTemplateAs,
  recordTemplateUse,
  updateTemplateFieldAs,
} from '../../lambdas/kernel/templates/templates.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const editor = { uid: 'search-test', email: 'search-test@test.example' };
const indexName = 'finding_templates';

interface Hit {
  objectID: string;
  title: string;
  usageCount: number;
  _highlightResult: Record<string, { value: string; matchLevel: string; matchedWords: string[] }>;
}

let client: ReturnType<typeof liteClient>;
let hosts: { url: string; protocol: 'http' | 'https'; accept: 'read' }[];
let appId: string;
const ids: Record<string, string> = {};

async function search(query: string, params: Record<string, unknown> = {}) {
  const { results } = await client.search<Hit>({ requests: [{ indexName, query, ...params }] });
  return results[0] as { hits: Hit[]; nbHits: number; page: number; nbPages: number; query: string; index: string };
}
const titles = async (query: string) => (await search(query)).hits.map((hit) => hit.title);

beforeAll(async () => {
  const make = async (name: string, title: string, more: Record<string, unknown> = {}) => {
    ids[name] = (await createTemplateAs(editor, { title, severity: 'medium', ...more })).templateId;
  };
  await make('rarely', 'Quarblex cookie disclosure');
  await make('often', 'Quarblex cookie disclosure');
  await make('long', 'Zendrovian session fixation', { tags: ['zendrovian-tag'] });
  await make('seven', 'Plumbus injection');
  await make('four', 'Vorq banner leak');
  await make('markup', 'Glimmerfax reflected', { description: 'Glimmerfax <script>alert(1)</script> & co' });
  await make('described', 'Thrombulate exposure', { description: 'Seen behind the wobblequint proxy' });
  await make('retired', 'Snorkelwump exposure');
  await recordTemplateUse(editor, { templateId: ids.often!, title: 'Quarblex cookie disclosure' }, 5);
  const retired = (await getTemplateItem(ids.retired!, true))!;
  await updateTemplateFieldAs(editor, {
    templateId: ids.retired!,
    field: 'retired',
    value: true,
    expectedVersion: retired.fieldVersions.retired!,
  });

  const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  const credentials = await analyst('getSearchClient', { type: 'search' });
  expect(credentials.statusCode).toBe(200);
  expect(credentials.body.result).toMatchObject({ success: true, appId: expect.any(String) });
  appId = credentials.body.result.appId;
  hosts = ((await (await fetch(`${appUrl}/runtime-config.json`)).json()) as { searchHosts: typeof hosts }).searchHosts;
  client = liteClient(appId, credentials.body.result.searchKey, { hosts });
  // The stack's index sees other processes' writes within its refresh interval.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if ((await titles('snorkelwump')).length === 0 && (await titles('plumbus')).length === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

describe('template search through the Algolia client', () => {
  it('answers in Algolia’s shape, for the template index', async () => {
    const result = await search('zendrovian');

    expect(result).toMatchObject({ nbHits: 1, page: 0, nbPages: 1, query: 'zendrovian', index: indexName });
    expect(result.hits[0]).toMatchObject({
      objectID: ids.long,
      title: 'Zendrovian session fixation',
      severity: 'medium',
    });
  });

  it('tolerates one typo from 4 letters and two from 8, and no more', async () => {
    expect(await titles('vork')).toEqual(['Vorq banner leak']); // 4 letters, 1 typo
    expect(await titles('plumbis')).toEqual(['Plumbus injection']); // 7 letters, 1 typo
    expect(await titles('plymbis')).toEqual([]); // 7 letters, 2 typos
    expect(await titles('zandrovien')).toEqual(['Zendrovian session fixation']); // 10 letters, 2 typos
    expect(await titles('zandrovoen')).toEqual([]); // 3 typos
    expect(await titles('vox')).toEqual([]); // 3 letters: no typo
  });

  it('counts two swapped letters as one typo, as Algolia does', async () => {
    expect(await titles('quarblex cookei')).toEqual(['Quarblex cookie disclosure', 'Quarblex cookie disclosure']);
    expect(await titles('plubmus')).toEqual(['Plumbus injection']); // 7 letters: one swap
    expect(await titles('plubmsu')).toEqual([]); // two swaps, 7 letters
    expect(await titles('zednrovien')).toEqual(['Zendrovian session fixation']); // 10 letters: a swap and a typo
  });

  it('tolerates typos in the title, not in the description, where words match as typed', async () => {
    expect(await titles('thrombulete')).toEqual(['Thrombulate exposure']); // a typo, in the title
    expect(await titles('wobblequint')).toEqual(['Thrombulate exposure']); // the description's word
    expect(await titles('wobbleq')).toEqual(['Thrombulate exposure']); // its prefix
    expect(await titles('wobblequimt')).toEqual([]); // a typo, in the description
  });

  it('matches the last word as a prefix while the analyst types', async () => {
    expect(await titles('zendro')).toEqual(['Zendrovian session fixation']);
    expect(await titles('zendrovian sess')).toEqual(['Zendrovian session fixation']);
    expect(await titles('zendrovian fix')).toEqual(['Zendrovian session fixation']);
    expect(await titles('zendro session')).toEqual([]); // only the last word is a prefix
  });

  it('highlights the matched words, escaping the template’s own markup', async () => {
    const [hit] = (await search('zandrovien sess')).hits;
    const [markup] = (await search('glimmerfax')).hits;

    expect(hit!._highlightResult.title).toEqual({
      value: '<em>Zendrovian</em> <em>session</em> fixation',
      matchLevel: 'full',
      matchedWords: ['zandrovien', 'sess'],
      fullyHighlighted: false,
    });
    expect(hit!._highlightResult.tags).toEqual([
      expect.objectContaining({ value: '<em>zendrovian</em>-tag', matchLevel: 'partial' }),
    ]);
    expect(markup!._highlightResult.description!.value).toBe(
      '<em>Glimmerfax</em> &#60;script&#62;alert(1)&#60;/script&#62; &amp; co',
    );
  });

  it('ranks equally relevant templates by usage', async () => {
    const result = await search('quarblex cookie');

    expect(result.hits.map((hit) => [hit.objectID, hit.usageCount])).toEqual([
      [ids.often, 5],
      [ids.rarely, 0],
    ]);
  });

  it('pages the hits', async () => {
    // Other suites' templates share the stack: the pages are checked against the whole answer.
    const all = await search('quarblex', { hitsPerPage: 100 });
    const second = await search('quarblex', { hitsPerPage: 1, page: 1 });

    expect(all.hits.slice(0, 2).map((hit) => hit.objectID)).toEqual([ids.often, ids.rarely]);
    expect(second).toMatchObject({ nbHits: all.nbHits, nbPages: all.nbHits, page: 1 });
    expect(second.hits.map((hit) => hit.objectID)).toEqual([all.hits[1]!.objectID]);
  });

  it('leaves retired templates out', async () => {
    expect(await titles('snorkelwump')).toEqual([]);
  });

  it('refuses a key for another index, an expired key and a forged one with 403', async () => {
    const secret = await searchKeySecret();
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const otherIndex = securedSearchKey(secret, { restrictIndices: ['findings'], validUntil: inAnHour });
    const expired = securedSearchKey(secret, {
      restrictIndices: [indexName],
      validUntil: Math.floor(Date.now() / 1000) - 1,
    });
    const forged = securedSearchKey('x'.repeat(32), { restrictIndices: [indexName], validUntil: inAnHour });
    const attempt = (key: string) =>
      liteClient(appId, key, { hosts }).search({ requests: [{ indexName, query: 'quarblex' }] });

    await expect(attempt(otherIndex)).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      message: 'Index not allowed with this API key: finding_templates',
    });
    await expect(attempt(expired)).rejects.toMatchObject({
      status: 403,
      message: 'The validity of the API key has expired',
    });
    await expect(attempt(forged)).rejects.toMatchObject({ status: 403, message: 'Invalid Application-ID or API key' });
  });

  it('refuses another index with the template key, and recommendations, cleanly', async () => {
    await expect(client.search({ requests: [{ indexName: 'findings', query: 'x' }] })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      client.getRecommendations({
        requests: [{ indexName, model: 'related-products', objectID: ids.long!, threshold: 0 }],
      }),
    ).rejects.toMatchObject({ status: 400, message: 'Recommendations are not available on this search service' });
  });

  it('leaves an empty appId or key to the client’s own message', () => {
    expect(() => liteClient('', 'key', { hosts })).toThrow(/appId/);
    expect(() => liteClient(appId, '', { hosts })).toThrow(/apiKey/);
  });
});
