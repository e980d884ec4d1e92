// The agent as an operator runs it, with no checkout: the one file the portal serves at /agent/portal-agent.mjs is
// downloaded into a folder outside the repository (no node_modules anywhere above it) and run with Node alone. It
// enrolls with a token an analyst made and keeps its state in the user's config directory (0700 folder, 0600
// file), never in the folder it runs from nor in the repository; refuses a state file others may read; then
// heartbeats and runs a queued ZAP job whose report is uploaded, and stops once unlinked. Never the credential on
// its output.
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPortalAgent } from '../../agent/build-agent.js';
import { getAgentItem, listAgentRecords } from '../../lambdas/kernel/data/entities/agents.js';
import type { LocationItem } from '../../lambdas/kernel/data/entities/locations.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getScanJob, queueScanJob } from '../../lambdas/kernel/scan-jobs/scan-jobs.js';
import { seedLocation } from '../support/location-fixtures.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const zapFixture = path.resolve('tests/fixtures/scanners/dast/owasp_zap.json');
const run = promisify(execFile);

let slug: string;
let location: LocationItem;
let analyst: ReturnType<typeof signedInCaller>;
/** The operator's machine: a folder the agent is downloaded to and run from, and a home of its own. */
let workDir: string;
let home: string;
let agentFile: string;

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** The repository's own view of itself: nothing the agent does may change it. */
const repositoryStatus = () => execFileSync('git', ['status', '--porcelain', '--ignored'], { encoding: 'utf8' });

/** Runs the downloaded agent as the operator would: `node portal-agent.mjs …` in its folder, with only PATH set. */
async function agent(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [agentFile, ...args], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

async function newToken(maxUses = 1): Promise<string> {
  const answer = await analyst('createAgentEnrollment', { slug, locationId: location.locationId, maxUses });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.token as string;
}

beforeAll(async () => {
  slug = `agent-cmd-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: 'Agent Command Co', flags: { enableDast: true } },
  );
  location = await seedLocation(slug, { name: 'Lisbon office', domains: ['lisbon.agent-command.example'] });
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  workDir = tempDir('operator-host-');
  home = tempDir('operator-home-');
  agentFile = path.join(workDir, 'portal-agent.mjs');
});

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the agent command an operator downloads', () => {
  it('is one file the portal serves, built from agent/, needing Node’s own modules only', async () => {
    const answer = await fetch(`${appUrl}/agent/portal-agent.mjs`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/javascript');
    const code = await answer.text();
    writeFileSync(agentFile, code);

    expect(code.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // Small enough to read before running it.
    expect(Buffer.byteLength(code)).toBeLessThan(64 * 1024);
    const imported = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !name!.startsWith('node:'))).toEqual([]);
    // The served file is the build of the sources here, byte for byte: the page's checksum is the file's.
    const built = await buildPortalAgent();
    expect(createHash('sha256').update(code).digest('hex')).toBe(built.sha256);
    // No node_modules anywhere above the folder it runs from.
    for (let dir = workDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
    }

    // The installed app's service worker leaves it to the network: a browser that opens it gets the file, not the app.
    const serviceWorker = await (await fetch(`${appUrl}/sw.js`)).text();
    expect(serviceWorker).toContain(String.raw`/^\/agent\//`);

    const help = await agent(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('node portal-agent.mjs enroll --portal URL --token TOKEN');
    expect(help.stdout).toContain('node portal-agent.mjs run');
    expect(help.stdout).toContain(path.join(home, '.config', 'portal-agent', 'agent.json'));
  });

  it('enrolls into the user’s config directory (0700 folder, 0600 file), writing nothing where it runs or in the repository', async () => {
    const before = repositoryStatus();
    const token = await newToken();
    const enrolled = await agent(['enroll', '--portal', appUrl, '--token', token, '--name', 'Lisbon scanner']);
    expect(enrolled.stderr).toBe('');
    expect(enrolled.code).toBe(0);

    const stateFile = path.join(home, '.config', 'portal-agent', 'agent.json');
    expect(statSync(path.dirname(stateFile)).mode & 0o777).toBe(0o700);
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(state).toMatchObject({ portal: appUrl, slug, locationId: location.locationId });
    expect(state.credential).toMatch(/^agt1\./);
    expect(enrolled.stdout).toContain(`Enrolled as agent ${state.agentId}`);
    expect(enrolled.stdout).toContain(stateFile);
    expect(enrolled.stdout).toContain('node portal-agent.mjs run');
    expect(enrolled.stdout).not.toContain(state.credential);
    expect(await getAgentItem(slug, state.agentId)).toMatchObject({ name: 'Lisbon scanner' });
    // Only the downloaded file where it ran (no partial file left either), and no change to the repository.
    expect(readdirSync(workDir)).toEqual(['portal-agent.mjs']);
    expect(readdirSync(path.dirname(stateFile))).toEqual(['agent.json']);
    expect(repositoryStatus()).toBe(before);
  });

  it('keeps its state under $XDG_CONFIG_HOME or --state, and never replaces a state file (the token stays unspent)', async () => {
    const token = await newToken(2);
    const configHome = tempDir('operator-xdg-');
    const xdg = await agent(['enroll', '--portal', appUrl, '--token', token], { XDG_CONFIG_HOME: configHome });
    expect(xdg.code, xdg.stderr).toBe(0);
    const xdgState = path.join(configHome, 'portal-agent', 'agent.json');
    expect(statSync(xdgState).mode & 0o777).toBe(0o600);

    const agents = (await listAgentRecords(slug)).agents.length;
    const again = await agent(['enroll', '--portal', appUrl, '--token', token], { XDG_CONFIG_HOME: configHome });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`A state file is already at ${xdgState}`);
    expect((await listAgentRecords(slug)).agents).toHaveLength(agents);

    const named = path.join(home, 'agents', 'second.json');
    const second = await agent(['enroll', '--portal', appUrl, '--token', token, '--state', named]);
    expect(second.code, second.stderr).toBe(0);
    expect(statSync(named).mode & 0o777).toBe(0o600);
    expect(second.stdout).toContain(`node portal-agent.mjs run --state ${named}`);
  });

  it('refuses a state file others may read, then heartbeats and runs a queued ZAP job', async () => {
    const stateFile = path.join(home, '.config', 'portal-agent', 'agent.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    chmodSync(stateFile, 0o644);
    const refused = await agent(['run', '--once', '--report-file', zapFixture]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The state file ${stateFile} holds the agent's credential but others may read it`);
    expect(refused.stderr).toContain(`chmod 600 ${stateFile}`);
    expect((await getAgentItem(slug, state.agentId))?.lastHeartbeatAt).toBeUndefined();
    chmodSync(stateFile, 0o600);

    const job = await queueScanJob({
      slug,
      location,
      capability: 'zap',
      target: 'https://lisbon.agent-command.example/',
      queuedBy: 'tests@example.com',
    });
    const ran = await agent(['run', '--once', '--report-file', zapFixture]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ jobId: job.jobId, importId: expect.any(String) });
    expect(`${ran.stdout}${ran.stderr}`).not.toContain(state.credential);
    expect((await getAgentItem(slug, state.agentId))?.lastHeartbeatAt).toEqual(expect.any(Number));
    expect(await getScanJob(job.jobId)).toMatchObject({ status: 'done', claimedByAgentId: state.agentId });

    const idle = await agent(['run', '--once']);
    expect(idle.code, idle.stderr).toBe(0);
    expect(JSON.parse(idle.stdout)).toEqual({ job: null });
  });

  it('stops with exit status 3 once unlinked, so a service manager does not restart it', async () => {
    const stateFile = path.join(home, '.config', 'portal-agent', 'agent.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    const { version } = (await getAgentItem(slug, state.agentId))!;
    const revoked = await analyst('revokeAgent', { slug, agentId: state.agentId, expectedVersion: version });
    expect(revoked.statusCode, JSON.stringify(revoked.body)).toBe(200);
    const unlinked = await agent(['run']);
    expect(unlinked.code).toBe(3);
    expect(unlinked.stderr).toContain('agentHeartbeat: 401 UNAUTHENTICATED');
    expect(`${unlinked.stdout}${unlinked.stderr}`).not.toContain(state.credential);
  });
});
