// The web's call client against a real HTTP server: spec section 8's mapping, applied literally.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallError, callFunction, configureCalls } from '../../web/src/api/call-client.js';

let server: Server;
let origin: string;
let lastRequest: { headers: IncomingMessage['headers']; body: string; url: string | undefined } | undefined;
/** What the server answers next: status, body text. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{"result":{}}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      lastRequest = { headers: req.headers, body, url: req.url };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureCalls({ apiUrl: `${origin}/api/`, getIdToken: async () => 'id-token' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(): Promise<CallError> {
  try {
    await callFunction('getSession', {});
  } catch (error) {
    return error as CallError;
  }
  throw new Error('the call succeeded');
}

describe('call client', () => {
  it('posts {data} to {apiUrl}/calls/{name} with the ID token, and reads result (or data)', async () => {
    answer = { status: 200, body: '{"result":{"user":{"uid":"u"}}}' };
    expect(await callFunction('getSession', {})).toEqual({ user: { uid: 'u' } });
    expect(lastRequest?.url).toBe('/api/calls/getSession');
    expect(JSON.parse(lastRequest!.body)).toEqual({ data: {} });
    expect(lastRequest?.headers.authorization).toBe('Bearer id-token');

    answer = { status: 200, body: '{"data":{"success":true,"message":"m"}}' };
    expect(await callFunction('sendSignInLink', { email: 'a@b.c', url: 'x' })).toEqual({ success: true, message: 'm' });
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });

  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [418, 'unknown'],
  ])('maps HTTP %i to %s, keeping the server message', async (status, code) => {
    answer = { status, body: JSON.stringify({ error: { status: 'X', message: `server says ${status}` } }) };
    const error = await failure();
    expect(error).toBeInstanceOf(CallError);
    expect({ code: error.code, message: error.message }).toEqual({ code, message: `server says ${status}` });
  });

  it("says 'Response is not valid JSON object.' and 'Response is missing data field.'", async () => {
    answer = { status: 200, body: '<html>proxy page</html>' };
    expect((await failure()).message).toBe('Response is not valid JSON object.');
    answer = { status: 200, body: '{"other":1}' };
    expect((await failure()).message).toBe('Response is missing data field.');
  });

  it('gives deadline-exceeded when the answer is later than the timeout', async () => {
    answer = { status: 200, body: '{"result":{}}', delayMs: 500 };
    await expect(callFunction('getSession', {}, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'deadline-exceeded',
    });
  });

  it('gives internal for a network failure (status 0)', async () => {
    configureCalls({ apiUrl: 'http://127.0.0.1:9/api', getIdToken: async () => undefined });
    try {
      await expect(callFunction('getSession', {})).rejects.toMatchObject({ code: 'internal' });
    } finally {
      configureCalls({ apiUrl: `${origin}/api/`, getIdToken: async () => 'id-token' });
    }
  });

  it("shows the server's own message for bad input from the real API", async () => {
    configureCalls({ apiUrl: `${inject('localStack').appUrl}/api`, getIdToken: async () => undefined });
    try {
      await expect(callFunction('sendSignInLink', { email: 'no at sign', url: 'x' })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'email: Invalid email',
        fromServer: true,
      });
    } finally {
      configureCalls({ apiUrl: `${origin}/api/`, getIdToken: async () => 'id-token' });
    }
  });
});
