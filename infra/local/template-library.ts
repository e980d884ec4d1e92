// The seeded finding-template library of the local stack: one template per scanner rule found in the
// demo fixtures (tests/fixtures/scanners) — every ZAP alert (pluginid), nuclei template-id, OpenVAS NVT
// and Prowler check — titled with the tool's own name for it and carrying the tool's description,
// remediation, references and CWE. They are read by the product's own parsers at seed time, so the
// templates say what an import of those files shows. Idempotent: a template's id is its rule's, and an
// existing one is left as the analysts edited it.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { newTemplateInput } from '../../lambdas/calls/shared/template-schemas.js';
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import type { Finding } from '../../lambdas/kernel/scanners/finding-model.js';
import { parseScan } from '../../lambdas/kernel/scanners/parse-scan.js';
import { createTemplateAs, type NewTemplate } from '../../lambdas/kernel/templates/templates.js';

const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures/scanners');

/** The fixture files whose findings name rules, with the service that imports each. */
export const templateSources: { file: string; service: ServiceName }[] = [
  { file: 'dast/owasp_zap.json', service: 'dast' },
  { file: 'dast/zap-results-first-scan.xml', service: 'dast' },
  { file: 'projectmariana/many_findings_new.json', service: 'projectmariana' },
  { file: 'network/many_vuln.xml', service: 'network' },
  { file: 'network/issue4406.xml', service: 'network' },
  { file: 'cloud/example_output_aws.ocsf.json', service: 'cloud' },
  { file: 'cloud/example_output_gcp.ocsf.json', service: 'cloud' },
];

/** Who the seeded templates' events name (not a person, so no analyst's Home fills with them). */
const librarian = { uid: 'template-library', email: 'templates@portal.local' };

/** The rule a template covers, as templates name rules: `zap:10098`, `nuclei:CVE-2018-15473`. */
export const ruleOf = (finding: Pick<Finding, 'tool' | 'ruleId'>) => `${finding.tool.name}:${finding.ruleId}`;

/** A template id from its rule: readable, within the id's alphabet, unique per rule. */
export function seededTemplateId(rule: string): string {
  const id = `rule-${rule.replace(/[^a-zA-Z0-9_.-]+/g, '-')}`;
  return id.length <= 100 ? id : id.slice(0, 100);
}

const clip = (text: string | undefined, max: number) => (text ?? '').slice(0, max);

const paragraph = /<p>([\s\S]*?)<\/p>/gi;
/**
 * A template's text is the analyst's plain wording: ZAP's '<p>One.</p><p>Two.</p>' becomes paragraphs separated
 * by a blank line ('<p></p>', the tool having nothing to say, becomes nothing). Other text is kept as it is.
 */
function plainText(text: string | undefined): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed.replace(paragraph, '').trim() !== '') return trimmed;
  return [...trimmed.matchAll(paragraph)]
    .map((match) => (match[1] ?? '').trim())
    .filter(Boolean)
    .join('\n\n');
}

function templateOf(finding: Finding, service: ServiceName): NewTemplate {
  return {
    title: clip(finding.title.replace(/\p{Cc}+/gu, ' ').trim(), 200) || ruleOf(finding),
    severity: finding.severity,
    description: clip(plainText(finding.description), 20_000),
    remediation: clip(plainText(finding.remediation), 20_000),
    references: [...new Set(finding.references)].filter((ref) => ref.length > 0 && ref.length <= 2048).slice(0, 50),
    cwe: finding.cwe.filter((cwe) => /^CWE-\d{1,6}$/.test(cwe)).slice(0, 20),
    services: [service],
    tags: [...new Set(finding.tags ?? [])]
      .filter((tag) => tag.length > 0 && tag.length <= 64 && !/\p{Cc}/u.test(tag))
      .slice(0, 20),
    rules: [ruleOf(finding)],
  };
}

/** Every rule of the fixtures, with the template the first finding of it gives. */
export async function libraryFromFixtures(): Promise<Map<string, NewTemplate>> {
  const library = new Map<string, NewTemplate>();
  for (const source of templateSources) {
    const records = parseScan({
      service: source.service,
      inputs: [createReadStream(path.join(fixtures, source.file))],
    });
    for await (const record of records) {
      if (record.kind !== 'finding') continue;
      const rule = ruleOf(record.finding);
      if (library.has(rule)) continue;
      const template = templateOf(record.finding, source.service);
      // The same rules the calls apply: a value no analyst could save is not seeded either.
      if (newTemplateInput.safeParse(template).success) library.set(rule, template);
    }
  }
  return library;
}

/** Creates the templates that are not there yet; answers how many it created. */
export async function seedTemplateLibrary(): Promise<number> {
  let created = 0;
  for (const [rule, template] of await libraryFromFixtures()) {
    const templateId = seededTemplateId(rule);
    if (await getTemplateItem(templateId)) continue;
    try {
      await createTemplateAs(librarian, template, templateId);
      created += 1;
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  return created;
}
