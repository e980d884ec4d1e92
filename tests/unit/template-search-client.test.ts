// The web's template search client (web/src/pages/templates/template-search.ts) with the real Algolia lite
// client against small HTTP servers: spec section 8's search errors as the page shows them (unreachable
// hosts, API errors with status, deserialization errors, a missing appId or apiKey), the key fetched again
// when the endpoint refuses it (403) or when it is about to expire, and highlighted values split into text
// and matches without ever being HTML.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securedSearchKey } from '../../lambdas/kernel/templates/search-key.js';
import { configureCalls } from '../../web/src/api/call-client.js';
import { configureSearchHosts } from '../../web/src/config/search-hosts.js';
import { decodeEntities, highlightParts } from '../../web/src/pages/templates/highlighted.js';
import {
  keyValidUntil,
  searchProblemOf,
  searchTemplates,
  templateIndexName,
} from '../../web/src/pages/templates/template-search.js';
import { freePort } from '../support/free-port.js';

type Answer = { status: number; body: string };
let server: Server;
let host: string;
/** What the search endpoint answers next, given the request's key. */
let searchAnswer: (key: string) => Answer = () => ({ status: 200, body: '{"results":[]}' });
/** The keys getSearchClient hands out, in turn. */
let issuedKeys: string[] = [];
let keysIssued = 0;
const searchedWithKeys: string[] = [];

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then(() => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let answer: Answer;
      if (url.pathname === '/api/calls/getSearchClient') {
        const searchKey = issuedKeys[Math.min(keysIssued, issuedKeys.length - 1)] ?? '';
        keysIssued += 1;
        answer = { status: 200, body: JSON.stringify({ result: { success: true, searchKey, appId: 'portal' } }) };
      } else if (url.pathname === '/search/1/indexes/*/queries') {
        const key = url.searchParams.get('x-algolia-api-key') ?? req.headers['x-algolia-api-key']?.toString() ?? '';
        searchedWithKeys.push(key);
        answer = searchAnswer(key);
      } else {
        answer = { status: 404, body: '{"message":"Not found","status":404}' };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureCalls({ apiUrl: `http://${host}/api`, getIdToken: async () => 'id-token' });
  configureSearchHosts([{ url: `${host}/search`, protocol: 'http', accept: 'read' }]);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const keyValidFor = (seconds: number, secret = 'parent-key-of-at-least-32-characters!') =>
  securedSearchKey(secret, {
    restrictIndices: [templateIndexName],
    validUntil: Math.floor(Date.now() / 1000) + seconds,
  });

const oneHit = (title: string) =>
  JSON.stringify({
    results: [
      {
        hits: [
          {
            objectID: 't1',
            title,
            _highlightResult: { title: { value: `<em>${title}</em>`, matchLevel: 'full', matchedWords: [] } },
          },
        ],
        nbHits: 1,
        nbPages: 1,
        page: 0,
      },
    ],
  });

async function failure(search: () => Promise<unknown>): Promise<unknown> {
  try {
    await search();
  } catch (error) {
    return error;
  }
  throw new Error('the search succeeded');
}

describe('search errors as spec section 8 lists them', () => {
  it('a missing appId or apiKey: the client’s own message', async () => {
    expect(searchProblemOf(await failure(async () => liteClient('', 'key')))).toEqual({
      title: 'The search is not configured',
      message: '`appId` is missing.',
    });
    expect(searchProblemOf(await failure(async () => liteClient('portal', '')))).toEqual({
      title: 'The search is not configured',
      message: '`apiKey` is missing.',
    });
  });

  it('unreachable hosts', async () => {
    const closed = await freePort();
    const client = liteClient('portal', 'key', {
      hosts: [{ url: `127.0.0.1:${closed}`, protocol: 'http', accept: 'read' }],
    });
    const problem = searchProblemOf(await failure(() => client.search({ requests: [{ indexName: 'x', query: 'a' }] })));
    expect(problem.title).toBe('The search service is unreachable');
    expect(problem.message).toMatch(/^Unreachable hosts/);
  });

  it('an API error with its status, and an answer that is not JSON', async () => {
    const client = liteClient('portal', 'key', {
      hosts: [{ url: `${host}/search`, protocol: 'http', accept: 'read' }],
    });
    const search = () => client.search({ requests: [{ indexName: 'x', query: String(Math.random()) }] });

    searchAnswer = () => ({ status: 400, body: '{"message":"Recommendations are not available","status":400}' });
    expect(searchProblemOf(await failure(search))).toEqual({
      title: 'The search failed (HTTP 400)',
      message: 'Recommendations are not available',
    });

    searchAnswer = () => ({ status: 200, body: 'not json at all' });
    const unreadable = searchProblemOf(await failure(search));
    expect(unreadable.title).toBe('The search answer could not be read');
  });
});

describe('the search key', () => {
  beforeEach(() => {
    keysIssued = 0;
    searchedWithKeys.length = 0;
  });

  it('reads validUntil from a secured key', () => {
    const key = keyValidFor(3600);
    expect(keyValidUntil(key)).toBe((Math.floor(Date.now() / 1000) + 3600) * 1000);
    expect(keyValidUntil('not a key')).toBeUndefined();
  });

  it('is fetched again when the endpoint refuses it (403), and the search tried once more', async () => {
    const [refused, fresh] = [keyValidFor(3600, 'a-parent-key-that-the-endpoint-forgot!!'), keyValidFor(3600)];
    issuedKeys = [refused, fresh];
    searchAnswer = (key) =>
      key === fresh
        ? { status: 200, body: oneHit('Zendrovian') }
        : { status: 403, body: '{"message":"Invalid Application-ID or API key","status":403}' };

    const page = await searchTemplates('zendrovian');

    expect(page.hits.map((hit) => hit.title)).toEqual(['Zendrovian']);
    expect(keysIssued).toBe(2);
    expect(searchedWithKeys).toEqual([refused, fresh]);
  });

  it('is fetched again shortly before it expires', async () => {
    // The key held from the last test is refused: a new one comes, valid for 30 s only.
    const held = issuedKeys.at(-1);
    const [expiring, later] = [keyValidFor(30), keyValidFor(3500)];
    issuedKeys = [expiring, later];
    searchAnswer = (key) =>
      key === expiring || key === later
        ? { status: 200, body: oneHit('Plumbus') }
        : { status: 403, body: '{"message":"Invalid Application-ID or API key","status":403}' };
    searchedWithKeys.length = 0;

    await searchTemplates('plumbus one');
    // It expires within the minute: the next search fetches another first.
    await searchTemplates('plumbus two');
    await searchTemplates('plumbus three');

    expect(searchedWithKeys).toEqual([held, expiring, later, later]);
    expect(keysIssued).toBe(2);
  });
});

describe('highlighted values', () => {
  it('splits matches from text and decodes what the server escaped, never reading it as HTML', () => {
    expect(highlightParts('<em>Glimmerfax</em> &#60;script&#62;alert(1)&#60;/script&#62; &amp; co')).toEqual([
      { text: 'Glimmerfax', matched: true },
      { text: ' <script>alert(1)</script> & co', matched: false },
    ]);
    expect(highlightParts('<em>zendrovian</em>-tag')).toEqual([
      { text: 'zendrovian', matched: true },
      { text: '-tag', matched: false },
    ]);
    expect(decodeEntities('&lt;b&gt; &quot;x&quot; &#x41; &unknown;')).toBe('<b> "x" A &unknown;');
  });
});
