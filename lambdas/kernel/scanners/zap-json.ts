// ZAP traditional-json: `{"@version", "@generated", "site": [{"@name", …, "alerts": [{…, "instances": […]}]}]}`.
// Read with the streaming JSON reader: an alert's fields and each instance arrive one by one, and the
// alert is complete when a value of the next alert (or site, or the end) arrives. So an alert with a
// hundred thousand instances costs the kept few hundred, never the document.
import { isObject, text } from './field-values.js';
import { limits } from './finding-model.js';
import { ImportFormatError } from './import-format-error.js';
import { readJsonValues } from './json-values.js';
import type { ParsedRecord, ScanParser } from './scan-parser.js';
import {
  emptyZapMetrics,
  countZapFinding,
  zapAlertFields,
  zapInstance,
  zapRecords,
  type ZapAlert,
  type ZapAlertField,
  type ZapSite,
} from './zap.js';

const siteFields: Record<string, keyof ZapSite> = { '@name': 'name', '@host': 'host', '@port': 'port', '@ssl': 'ssl' };

export const parseZapJson: ScanParser = async function* (chunks, context) {
  const metrics = emptyZapMetrics();
  const header: { version?: string; generated?: string; programName?: string } = {};
  const sites = new Map<number, Partial<ZapSite>>();
  let current: { site: number; alert: number; value: ZapAlert } | undefined;

  const finish = (): ParsedRecord[] => {
    if (!current) return [];
    const { site: siteIndex, value } = current;
    current = undefined;
    const site = sites.get(siteIndex);
    if (!site?.name) {
      throw new ImportFormatError(`Site ${siteIndex + 1} of the ZAP report has alerts but no "@name" before them`, {
        input: context.inputName,
      });
    }
    metrics.alerts += 1;
    metrics.instances += value.instances.length + value.droppedInstances;
    const records = zapRecords(site as ZapSite, value, { name: 'zap', version: header.version }, header.generated);
    for (const record of records) countZapFinding(metrics, record);
    return records;
  };

  const paths = [
    '$.@version',
    '$.@generated',
    '$.@programName',
    ...Object.keys(siteFields).map((field) => `$.site.*.${field}`),
    ...zapAlertFields.map((field) => `$.site.*.alerts.*.${field}`),
    '$.site.*.alerts.*.instances.*',
  ];
  let sawSites = false;
  for await (const { path, value } of readJsonValues(chunks, {
    paths,
    root: 'object',
    expected: 'a ZAP traditional-json report',
    inputName: context.inputName,
  })) {
    if (path.length === 1) {
      const key = path[0];
      if (key === '@version') header.version = text(value);
      if (key === '@generated') header.generated = text(value);
      if (key === '@programName') header.programName = text(value);
      continue;
    }
    const siteIndex = Number(path[1]);
    if (path[0] !== 'site' || !Number.isInteger(siteIndex)) continue;
    sawSites = true;
    if (path.length === 3) {
      if (current && current.site !== siteIndex) yield* finish();
      if (!sites.has(siteIndex)) {
        sites.set(siteIndex, {});
        metrics.sites += 1;
      }
      const field = siteFields[String(path[2])];
      const site = sites.get(siteIndex);
      if (field && site) site[field] = text(value);
      continue;
    }
    const alertIndex = Number(path[3]);
    if (path[2] !== 'alerts' || !Number.isInteger(alertIndex)) continue;
    if (current && (current.site !== siteIndex || current.alert !== alertIndex)) yield* finish();
    current ??= { site: siteIndex, alert: alertIndex, value: { fields: {}, instances: [], droppedInstances: 0 } };
    if (path[4] === 'instances') {
      if (!isObject(value)) continue;
      if (current.value.instances.length < limits.instancesPerFinding) {
        current.value.instances.push(zapInstance((field) => value[field]));
      } else {
        current.value.droppedInstances += 1;
      }
    } else {
      const field = path[4] as ZapAlertField;
      const fieldText = text(value);
      if (fieldText !== undefined) current.value.fields[field] = fieldText;
    }
  }
  yield* finish();
  if (!sawSites && header.version === undefined && header.programName === undefined) {
    throw new ImportFormatError('This JSON is not a ZAP traditional-json report: it has no "site" and no "@version"', {
      input: context.inputName,
    });
  }
  return { tool: { name: 'zap', version: header.version }, metrics };
};
