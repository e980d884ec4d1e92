// The ticket-system recipes of docs/integrations.md, run as written against the local stack, so they cannot go stale:
// the GitHub Actions step's shell (its curl, with the step's environment) and the Jira Automation web request (its
// URL, headers and body, smart values filled in as Jira would) each file a retest with a real company key and get
// 202; the Jira rule that creates an issue from finding.published reads only fields a real payload has.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { createDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { webhookFindingView } from '../../lambdas/kernel/webhooks/webhook-messages.js';
import { seedFindings } from '../support/seed-findings.js';

const { appUrl } = inject('localStack');
const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/integrations.md'), 'utf8');
const admin = demoAnalystCaller({ uid: 'recipe-tests', email: 'recipe-tests@test.example' }, 9);
const run = randomUUID().slice(0, 8);
const slug = `recipes-${run}`;
let key = '';
let findingIds: string[] = [];

/** The text of the doc's section under this heading, up to the next heading. */
function section(heading: string): string {
  const start = doc.indexOf(`\n### ${heading}`);
  expect(start, heading).toBeGreaterThan(0);
  const rest = doc.slice(start + 1);
  const end = rest.indexOf('\n#', 1);
  return end === -1 ? rest : rest.slice(0, end);
}

/** Fills Jira's smart values (`{{name}}`, with `.jsonEncode` where the recipe asks for it). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([^}]+)\}\}/g, (_, expression: string) => {
    const encode = expression.endsWith('.jsonEncode');
    const name = encode ? expression.slice(0, -'.jsonEncode'.length) : expression;
    expect(values, `a smart value the test knows: ${name}`).toHaveProperty([name]);
    return encode ? JSON.stringify(values[name]).slice(1, -1) : values[name]!;
  });
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: `Recipes ${run}`, flags: { enableDast: true } },
  );
  findingIds = await seedFindings({ slug, service: 'dast', count: 2, published: true, host: 'recipes.example' });
  ({ key } = await createDastKeyAs(admin, slug, {
    name: 'Recipes',
    allowedTargets: ['https://app.recipes.example/'],
    scopes: ['findings:retest'],
  }));
});

describe('docs/integrations.md', () => {
  it("the GitHub Actions step's curl files a retest: 202", () => {
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section('GitHub Actions'))?.[1];
    expect(yaml).toBeDefined();
    const lines = yaml!.split('\n');
    const runAt = lines.findIndex((line) => /^\s*run: \|\s*$/.test(line));
    expect(runAt).toBeGreaterThan(0);
    const body = lines.slice(runAt + 1).filter((line) => line.trim() !== '');
    const indent = Math.min(...body.map((line) => line.length - line.trimStart().length));
    const script = body.map((line) => line.slice(indent)).join('\n');
    // The step's environment: the names its `env:` block sets, and what GitHub sets on every runner.
    for (const name of ['PORTAL_KEY', 'FINDING_ID']) expect(yaml).toMatch(new RegExp(`\\n\\s+${name}: `));
    expect(script).toContain('https://<portal>/api/findings/v1/retests');
    const answer = spawnSync(
      'bash',
      [
        '-euo',
        'pipefail',
        '-c',
        // Runs the step as written, with curl also printing the status on a line of its own.
        `curl() { command curl -w '\\n%{http_code}' "$@"; }\n${script.replaceAll('https://<portal>', appUrl)}`,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          PORTAL_KEY: key,
          FINDING_ID: findingIds[0],
          GITHUB_SHA: 'f00dfeed',
          GITHUB_REPOSITORY: 'acme/shop',
        },
      },
    );
    expect(answer.status, answer.stderr).toBe(0);
    const [json, status] = answer.stdout.trim().split('\n');
    expect(status).toBe('202');
    expect(JSON.parse(json!)).toMatchObject({ findingId: findingIds[0], status: 'retestRequested' });
  });

  it("the Jira Automation web request files a retest: 202, with the issue's note", async () => {
    const jira = section('Jira Automation: ask for a retest when the issue is done');
    const url = /URL `([^`]+)`/.exec(jira)?.[1];
    const method = /method (\w+)/.exec(jira)?.[1];
    const headers = [...jira.matchAll(/`([A-Za-z-]+): ([^`]+)`/g)].map(([, name, value]) => [name!, value!] as const);
    const body = /body \(custom data\): `([^`]+)`/.exec(jira)?.[1];
    expect({ url, method, body, headers: headers.map(([name]) => name) }).toMatchObject({
      url: 'https://<portal>/api/findings/v1/retests',
      method: 'POST',
      body: expect.any(String),
      headers: ['Authorization', 'Content-Type'],
    });
    const values = {
      'secrets.portalKey': key,
      'issue.Portal finding': findingIds[1]!,
      'issue.key': 'PROJ-7',
      'issue.resolution.name': 'Done "for real"',
    };
    const response = await fetch(url!.replace('https://<portal>', appUrl), {
      method,
      headers: Object.fromEntries(headers.map(([name, value]) => [name, fill(value, values)])),
      body: fill(body!, values),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(answer)).toBe(202);
    const stored = await getFindingItem(slug, 'dast', findingIds[1]!, true);
    expect(stored!.review).toMatchObject({ kind: 'retest', note: 'Fixed in PROJ-7: Done "for real"' });
  });

  it('the Jira rule for finding.published reads only what a finding.published payload has', async () => {
    const rule = section('Jira Automation: create an issue from `finding.published`');
    const paths = [...rule.matchAll(/\{\{webhookData\.([^}]+)\}\}/g)].map(([, at]) => at!);
    expect(paths.length).toBeGreaterThan(2);
    const finding = webhookFindingView((await getFindingItem(slug, 'dast', findingIds[0]!, true))!, appUrl)!;
    const payload = {
      type: 'finding.published',
      timestamp: new Date().toISOString(),
      data: { company: slug, finding },
    };
    for (const at of paths) {
      const value = at.split('.').reduce<unknown>((into, name) => (into as Record<string, unknown>)?.[name], payload);
      expect(typeof value, at).toBe('string');
    }
  });
});
