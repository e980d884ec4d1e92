// Prowler OCSF JSON (-M json-ocsf): an array of Detection Findings (class 2004), read one element at a time.
import { isObject, objectAt, text, textList, type JsonObject } from './field-values.js';
import { ImportFormatError } from './import-format-error.js';
import { readJsonValues } from './json-values.js';
import { newProwlerMetrics, prowlerRecords, type ProwlerResult } from './prowler.js';
import type { ScanParser } from './scan-parser.js';
import type { ToolInfo } from './finding-model.js';

export const parseProwlerOcsf: ScanParser = async function* (chunks, context) {
  const metrics = newProwlerMetrics();
  const tool: ToolInfo = { name: 'prowler' };
  let index = 0;
  for await (const { value } of readJsonValues(chunks, {
    paths: ['$.*'],
    root: 'array',
    expected: 'a Prowler OCSF JSON array',
    inputName: context.inputName,
  })) {
    index += 1;
    const result = isObject(value) ? fromOcsf(value) : undefined;
    if (!result) {
      throw new ImportFormatError(
        `Element ${index} of the array is not a Prowler OCSF finding (it needs metadata.event_code and status_code)`,
        { input: context.inputName },
      );
    }
    tool.version ??= usable(text(objectAt(objectAt(value, 'metadata'), 'product')?.version));
    const outcome = prowlerRecords(result, metrics, tool);
    if ('skipped' in outcome) context.warn(`Element ${index}: skipped ${outcome.skipped}`);
    else yield* outcome.records;
  }
  return { tool, metrics };
};

function fromOcsf(finding: JsonObject): ProwlerResult | undefined {
  const metadata = objectAt(finding, 'metadata');
  const checkId = text(metadata?.event_code);
  const status = text(finding.status_code);
  if (!checkId || !status) return undefined;
  const info = objectAt(finding, 'finding_info');
  const cloud = objectAt(finding, 'cloud');
  const account = objectAt(cloud, 'account');
  const resources = Array.isArray(finding.resources) ? finding.resources.filter(isObject) : [];
  const resource = resources[0];
  const unmapped = objectAt(finding, 'unmapped');
  const remediation = objectAt(finding, 'remediation');
  const compliance = Object.fromEntries(
    Object.entries(objectAt(unmapped, 'compliance') ?? {}).map(([framework, requirements]) => [
      framework,
      textList(requirements),
    ]),
  );
  return {
    uid: text(info?.uid),
    provider: text(cloud?.provider) ?? text(resource?.cloud_partition) ?? 'unknown',
    checkId,
    checkTitle: text(info?.title),
    status,
    statusDetail: text(finding.status_detail) ?? text(finding.message),
    // Prowler writes a muted result as OCSF status "Suppressed".
    muted: text(finding.status)?.toLowerCase() === 'suppressed',
    severity: text(finding.severity),
    serviceName: text(objectAt(resource, 'group')?.name),
    resourceUid: text(resource?.uid),
    resourceName: text(resource?.name),
    resourceType: text(resource?.type),
    region: text(resource?.region) ?? text(cloud?.region),
    accountUid: text(account?.uid),
    accountName: text(account?.name),
    description: text(info?.desc),
    risk: text(finding.risk_details),
    remediation: text(remediation?.desc),
    references: [
      ...textList(remediation?.references, /\n/),
      ...textList(unmapped?.related_url, /\n/),
      ...textList(unmapped?.additional_urls, /\n/),
    ],
    compliance,
    categories: textList(unmapped?.categories),
    time: finding.time_dt ?? info?.created_time_dt ?? finding.time,
    checkTypes: textList(info?.types),
  };
}

/** `<prowler_version>` in the published examples is no version. */
function usable(value: string | undefined): string | undefined {
  return value && !/^<[^<>]*>$/.test(value) ? value : undefined;
}
