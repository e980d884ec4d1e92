// The finding template's fields as the library pages show them: their labels, the choices of severity and
// services, how list fields are typed, and the template as calls answer it.
import { services, type ServiceName } from '../../../../lambdas/kernel/access/rules';
import { severities, type Severity } from '../../../../lambdas/kernel/scanners/finding-model';
import type { CallOutput } from '../../api/call-client';
import { serviceLabels } from '../../components/admin/service-labels';
import type { AutoSaveOption } from '../../components/auto-save/auto-save-fields';
import { severityLabels } from '../analyst/services/finding-values/finding-labels';

export type Template = CallOutput<'getTemplate'>;
export type TemplateField = Exclude<keyof Template['fieldVersions'], 'retired'>;

export const severityOptions: AutoSaveOption[] = severities.map((severity) => ({
  value: severity,
  label: severityLabels[severity],
}));

export const serviceOptions: AutoSaveOption[] = services.map((service) => ({
  value: service,
  label: serviceLabels[service],
}));

export const templateFieldLabels: Record<TemplateField, string> = {
  title: 'Title',
  severity: 'Severity',
  description: 'Description',
  remediation: 'Remediation',
  references: 'References',
  cwe: 'CWE',
  services: 'Services',
  tags: 'Tags',
  rules: 'Rules',
};

export const templateFieldHints: Partial<Record<TemplateField, string>> = {
  references: 'One address a line.',
  cwe: 'Separated by commas, e.g. CWE-79, CWE-80.',
  tags: 'Separated by commas.',
  rules: 'The scanner rules it covers, one a line: zap:10098, nuclei:CVE-2018-15473, openvas:<OID>, prowler:<check>.',
};

/** Text typed into a list field: one item a line, or separated by commas. */
export function listOf(text: string, separator: 'line' | 'comma'): string[] {
  return text
    .split(separator === 'line' ? /\r?\n/ : /,/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const severityOf = (value: string): Severity => value as Severity;
export const servicesText = (values: readonly string[]) =>
  values.map((service) => serviceLabels[service as ServiceName] ?? service).join(', ');
