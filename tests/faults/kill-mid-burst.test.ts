// Faults: a second local stack (its own process, ports and data directory, started as `npm start` does) is
// SIGKILLed in the middle of a burst of writes, started again on the same data, and must hold every write it
// acknowledged with a 200. Writes that were in flight may or may not have landed; none that was acknowledged
// may be missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callApi, listAll } from '../support/api-client.js';
import { freePort } from '../support/free-port.js';
import { idTokenFor } from '../support/id-token.js';
import { startStackProcess, waitForPortsFree, type StackPorts, type StackProcess } from '../support/stack-process.js';

const sharedStackSettings = Object.keys(inject('localStack').environment);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
let stack: StackProcess | undefined;

async function start(ports: StackPorts): Promise<StackProcess> {
  stack = await startStackProcess(ports, dataDir, {
    omit: sharedStackSettings,
    environment: { SIGN_IN_IP_LIMIT: '100000' },
  });
  return stack;
}

afterAll(async () => {
  if (stack && stack.child.exitCode === null && stack.child.signalCode === null) {
    stack.child.kill('SIGTERM');
    await stack.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a stack killed mid-burst', () => {
  it(
    'holds every acknowledged write after a SIGKILL and a restart on the same data',
    { timeout: 120_000 },
    async () => {
      const ports: StackPorts = { port: await freePort(), mailPort: await freePort(), dynamoDbPort: await freePort() };
      const first = await start(ports);
      const token = await idTokenFor(first, 'admin@example.com');
      const prefix = `burst-${Date.now().toString(36)}`;

      const acknowledged: string[] = [];
      const refused: { slug: string; status: number }[] = [];
      let sent = 0;
      let inFlight = 0;
      let inFlightAtKill = 0;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const slug = `${prefix}-${(sent += 1)}`;
          inFlight += 1;
          try {
            const answer = await callApi(
              first.appUrl,
              'createCompany',
              { slug, companyName: `Burst ${slug}` },
              { token, timeoutMs: 10_000 },
            );
            if (answer.status === 200) acknowledged.push(slug);
            else refused.push({ slug, status: answer.status });
          } catch {
            // The connection died with the stack: not acknowledged.
          } finally {
            inFlight -= 1;
          }
        }
      };
      const writers = Array.from({ length: 32 }, writer);
      while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 5));
      inFlightAtKill = inFlight;
      first.child.kill('SIGKILL');
      killed = true;
      await Promise.all([...writers, first.exited]);

      expect(refused).toEqual([]);
      expect(inFlightAtKill, 'writes were in flight when the stack died').toBeGreaterThan(0);
      expect(first.child.signalCode).toBe('SIGKILL');

      await waitForPortsFree([ports.port, ports.mailPort, ports.dynamoDbPort]);
      const second = await start(ports);

      // The same token: the pool's keys live in the data directory, and the issuer (the origin) is unchanged.
      expect((await callApi(second.appUrl, 'getSession', {}, { token })).status).toBe(200);
      const stored = await listAll<{ slug: string; companyName: string }>(
        second.appUrl,
        'listCompanies',
        { filter: prefix, limit: 100 },
        'companies',
        token,
      );
      const storedSlugs = new Set(stored.map((company) => company.slug));
      const missing = acknowledged.filter((slug) => !storedSlugs.has(slug));

      expect(missing, `${acknowledged.length} acknowledged, ${sent} sent, ${storedSlugs.size} stored`).toEqual([]);
      expect(
        stored
          .filter((company) => acknowledged.includes(company.slug))
          .every((company) => company.companyName === `Burst ${company.slug}`),
      ).toBe(true);
    },
  );
});
