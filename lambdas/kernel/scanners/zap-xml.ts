// ZAP traditional-xml: `<OWASPZAPReport version generated><site name host port ssl><alerts><alertitem>…`.
// Each alertitem is read whole (its instances capped) and becomes one finding.
import { ImportFormatError } from './import-format-error.js';
import type { ScanParser } from './scan-parser.js';
import { child, childText, childrenNamed, readXml } from './xml-records.js';
import {
  emptyZapMetrics,
  countZapFinding,
  zapAlertFields,
  zapInstance,
  zapRecords,
  type ZapAlert,
  type ZapSite,
} from './zap.js';
import { limits } from './finding-model.js';

export const parseZapXml: ScanParser = async function* (chunks, context) {
  const metrics = emptyZapMetrics();
  let version: string | undefined;
  let generated: string | undefined;
  let site: ZapSite | undefined;
  for await (const event of readXml(chunks, {
    isRecord: (path) => path.length === 4 && path[1] === 'site' && path[2] === 'alerts' && path[3] === 'alertitem',
    isContext: (path) => path.length === 2 && path[1] === 'site',
    maxChildren: limits.instancesPerFinding,
    inputName: context.inputName,
  })) {
    if (event.type === 'open' && event.path.length === 1) {
      if (event.path[0] !== 'OWASPZAPReport') {
        throw new ImportFormatError(`Expected a ZAP XML report (root <OWASPZAPReport>), found <${event.path[0]}>`, {
          line: event.line,
          input: context.inputName,
        });
      }
      version = event.attributes.version;
      generated = event.attributes.generated;
    } else if (event.type === 'open') {
      const name = event.attributes.name ?? '';
      if (!name) {
        throw new ImportFormatError('A <site> of the ZAP report has no name', {
          line: event.line,
          input: context.inputName,
        });
      }
      site = { name, host: event.attributes.host, port: event.attributes.port, ssl: event.attributes.ssl };
      metrics.sites += 1;
    } else if (event.type === 'record' && site) {
      const item = event.element;
      const alert: ZapAlert = { fields: {}, instances: [], droppedInstances: 0 };
      for (const field of zapAlertFields) {
        const value = childText(item, field);
        if (value !== undefined) alert.fields[field] = value;
      }
      const instances = child(item, 'instances');
      for (const instance of childrenNamed(instances, 'instance')) {
        alert.instances.push(zapInstance((field) => childText(instance, field)));
      }
      alert.droppedInstances = instances?.droppedChildren ?? 0;
      // ZAP before 2.8 put one URL straight in the alertitem instead of an <instances> list.
      if (!instances && childText(item, 'uri')) alert.instances.push(zapInstance((field) => childText(item, field)));
      metrics.alerts += 1;
      metrics.instances += alert.instances.length + alert.droppedInstances;
      for (const record of zapRecords(site, alert, { name: 'zap', version }, generated)) {
        countZapFinding(metrics, record);
        yield record;
      }
    }
  }
  return { tool: { name: 'zap', version }, metrics };
};
