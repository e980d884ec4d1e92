// The template library `npm start` seeds (the test stack starts the same way): every ZAP alert (pluginid)
// and nuclei template-id of the demo fixtures has a template titled with the tool's own name for it and
// covering its rule; seeding again creates nothing and leaves analysts' edits alone. The expected rules are
// read from the raw files here, not through the parsers the seed uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedTemplateLibrary, seededTemplateId } from '../../infra/local/template-library.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { updateTemplateFieldAs } from '../../lambdas/kernel/templates/templates.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/scanners');
const read = (file: string) => readFileSync(path.join(fixtures, file), 'utf8');
const xmlText = (text: string) =>
  text.replace(
    /&(quot|apos|lt|gt|amp);/g,
    (_all, name: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' })[name]!,
  );

/** Rule -> the names the tool gives it in the fixtures (ZAP may name one plugin's alerts differently). */
function expectedRules(): Map<string, Set<string>> {
  const rules = new Map<string, Set<string>>();
  const add = (rule: string, name: string) => rules.set(rule, (rules.get(rule) ?? new Set()).add(name.trim()));
  const zapJson = JSON.parse(read('dast/owasp_zap.json')) as {
    site: { alerts: { pluginid: string; alert?: string; name?: string }[] }[];
  };
  for (const site of zapJson.site)
    for (const alert of site.alerts) add(`zap:${alert.pluginid}`, alert.alert ?? alert.name!);
  for (const [item] of read('dast/zap-results-first-scan.xml').matchAll(/<alertitem>[\s\S]*?<\/alertitem>/g)) {
    add(`zap:${/<pluginid>(.*?)<\/pluginid>/.exec(item)![1]}`, xmlText(/<alert>(.*?)<\/alert>/.exec(item)![1]!));
  }
  for (const line of read('projectmariana/many_findings_new.json').split('\n').filter(Boolean)) {
    const result = JSON.parse(line) as { 'template-id': string; info: { name: string } };
    add(`nuclei:${result['template-id']}`, result.info.name);
  }
  return rules;
}

describe('the seeded template library', () => {
  it('covers every ZAP alert and nuclei template of the fixtures, titled with the tool’s name', async () => {
    const rules = expectedRules();
    expect(rules.size).toBeGreaterThan(15);

    for (const [rule, names] of rules) {
      const template = await getTemplateItem(seededTemplateId(rule));
      expect(template, rule).toBeDefined();
      expect(template!.rules, rule).toEqual([rule]);
      expect([...names], rule).toContain(template!.title);
    }
  });

  it('carries the tool’s description, remediation, references and CWE', async () => {
    const zap = await getTemplateItem(seededTemplateId('zap:10098'));
    const nuclei = await getTemplateItem(seededTemplateId('nuclei:CVE-2018-15473'));

    expect(zap).toMatchObject({
      title: 'Cross-Domain Misconfiguration',
      description: expect.stringContaining('Cross Origin Resource Sharing'),
      remediation: expect.stringContaining('Access-Control-Allow-Origin'),
      cwe: ['CWE-264'],
      services: ['dast'],
    });
    expect((zap!.references as string[]).length).toBeGreaterThan(0);
    expect(nuclei).toMatchObject({
      title: 'OpenSSH Username Enumeration v7.7',
      severity: 'medium',
      description: expect.stringContaining('OpenSSH through 7.7'),
      services: ['projectmariana'],
      tags: expect.arrayContaining(['openssh']),
    });
  });

  it('creates nothing when seeded again, and keeps what analysts changed', async () => {
    const templateId = seededTemplateId('zap:10027');
    const before = (await getTemplateItem(templateId, true))!;
    await updateTemplateFieldAs(
      { uid: 'seed-test', email: 'seed-test@test.example' },
      { templateId, field: 'tags', value: ['reviewed'], expectedVersion: before.fieldVersions.tags! },
    );

    expect(await seedTemplateLibrary()).toBe(0);
    expect((await getTemplateItem(templateId, true))!.tags).toEqual(['reviewed']);
  });
});
