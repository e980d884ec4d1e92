// Which template covers a finding: templates name the rules they explain (`zap:10098`, `nuclei:<template
// id>`, `openvas:<NVT OID>`, `prowler:<check id>`, `cwe:CWE-79`), and an import suggests, for each new
// finding, the template of its tool's rule, else of one of its CWEs. The library's rules are read once per
// import that finds something new (the templates' index partition, rules and titles only); among templates
// naming the same rule the most used wins.
import { readConfig } from '../config.js';
import { queryAll } from '../data/query-all.js';
import { templateListPartition } from '../data/entities/templates.js';
import type { Finding } from '../scanners/finding-model.js';

export interface SuggestedTemplate {
  templateId: string;
  title: string;
}

/** Every live template's rules → the template (the most used one when several name a rule). */
export async function templatesByRule(): Promise<Map<string, SuggestedTemplate>> {
  const byRule = new Map<string, SuggestedTemplate & { usageCount: number }>();
  const items = queryAll({
    TableName: readConfig().TABLE_NAME,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    ProjectionExpression: 'templateId, title, #rules, retired, usageCount',
    ExpressionAttributeNames: { '#rules': 'rules' },
    ExpressionAttributeValues: { ':partition': templateListPartition },
  });
  for await (const item of items) {
    if (item.retired === true) continue;
    const template = {
      templateId: item.templateId as string,
      title: item.title as string,
      usageCount: Number(item.usageCount ?? 0),
    };
    for (const rule of (item.rules as string[] | undefined) ?? []) {
      const known = byRule.get(rule);
      if (!known || known.usageCount < template.usageCount) byRule.set(rule, template);
    }
  }
  return new Map([...byRule].map(([rule, { templateId, title }]) => [rule, { templateId, title }]));
}

/** The template of the finding's own rule, else of its first CWE a template covers. */
export function suggestTemplate(
  byRule: Map<string, SuggestedTemplate>,
  finding: Pick<Finding, 'tool' | 'ruleId' | 'cwe'>,
): SuggestedTemplate | undefined {
  const own = byRule.get(`${finding.tool.name}:${finding.ruleId}`);
  if (own) return own;
  for (const cwe of finding.cwe) {
    const byCwe = byRule.get(`cwe:${cwe}`);
    if (byCwe) return byCwe;
  }
  return undefined;
}
