// The filters above a report's findings (research file section 5): severity, status, SLA (overdue, due within 7
// days) and "new in the last scan" on every service, and each service's own: confidence (DAST, network), has a CVE, fix available and subnet
// (network), framework and category (cloud), site (DAST). The choices of framework, category and site are the
// report's (getServiceReport's `filterChoices`: a customer's of published findings, an analyst's of the last scan),
// with any already chosen in the address; a filter with nothing to choose is not shown.
import { useState } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import type { CallOutput } from '../../api/call-client';
import { confidences } from '../../../../lambdas/kernel/scanners/finding-model';
import {
  findingStatusLabels,
  findingStatuses,
  severities,
  severityLabels,
} from '../analyst/services/finding-values/finding-labels';
import { slaFilterOptions } from '../analyst/services/finding-values/sla-due';
import { exploitFilterOptions } from '../analyst/services/finding-values/exploit-signals';
import { looksLikeCidr, type ReportFilters } from './report-address';

const severityOptions = severities.map((severity) => ({ value: severity, label: severityLabels[severity] }));
const statusOptions = findingStatuses.map((status) => ({ value: status, label: findingStatusLabels[status] }));
const slaOptions = slaFilterOptions('Any due date');
const exploitOptions = exploitFilterOptions('Any exploit signal');
const confidenceOptions = confidences.map((confidence) => ({
  value: confidence,
  label: confidence[0]!.toUpperCase() + confidence.slice(1),
}));
/** The services whose tools say how sure they are: ZAP's confidence, OpenVAS's quality of detection. */
const withConfidence: readonly ServiceName[] = ['dast', 'network'];

/** The choices of the site, framework and category filters (getServiceReport's `filterChoices`). */
export type FilterChoices = CallOutput<'getServiceReport'>['filterChoices'];

/** The choices of a list filter: the report's names, then any chosen that it lacks. */
const optionsOf = (names: readonly string[], chosen: readonly string[]) =>
  [...new Set([...names, ...chosen])].map((name) => ({ value: name, label: name }));

interface ControlsProps {
  service: ServiceName;
  filters: ReportFilters;
  /** Changes these filters, the others as the address has them then (two quick changes both count). */
  onFiltersChange: (change: Partial<ReportFilters>) => void;
  lastScanImportId?: string;
  choices?: FilterChoices;
}

/** A filter of a list of values: any of the chosen ones (none chosen: any); hidden when there is nothing to choose. */
function ChoiceFilter<Value extends string>({
  label,
  anyText,
  options,
  chosen,
  onChange,
}: {
  label: string;
  anyText: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  chosen: readonly Value[];
  onChange: (chosen: Value[]) => void;
}) {
  if (options.length === 0) return null;
  return (
    <Multiselect
      selectedOptions={options.filter((option) => chosen.includes(option.value))}
      options={options}
      placeholder={anyText}
      ariaLabel={label}
      filteringType={options.length > 8 ? 'auto' : 'none'}
      onChange={({ detail }) => onChange(detail.selectedOptions.map((option) => option.value as Value))}
    />
  );
}

/** A CIDR block, applied on Enter or when the field is left; a block of the wrong shape is not sent. */
function SubnetFilter({ subnet, onChange }: { subnet: string; onChange: (subnet: string) => void }) {
  const [draft, setDraft] = useState<{ for: string; text: string }>({ for: subnet, text: subnet });
  const text = draft.for === subnet ? draft.text : subnet;
  const wrong = text.trim() !== '' && !looksLikeCidr(text.trim());
  const apply = () => {
    const trimmed = text.trim();
    if (trimmed !== subnet && (trimmed === '' || looksLikeCidr(trimmed))) onChange(trimmed);
  };
  return (
    <FormField errorText={wrong ? 'Write a CIDR block, e.g. 10.0.0.0/24' : undefined}>
      <Input
        value={text}
        type="search"
        ariaLabel="Subnet"
        clearAriaLabel="Clear the subnet"
        placeholder="Subnet (10.0.0.0/24)"
        invalid={wrong}
        onChange={({ detail }) => {
          setDraft({ for: subnet, text: detail.value });
          // Emptied (the clear button, or every character deleted): the list shows every subnet at once.
          if (detail.value === '' && subnet !== '') onChange('');
        }}
        onBlur={apply}
        onKeyDown={({ detail }) => {
          if (detail.key === 'Enter') apply();
        }}
      />
    </FormField>
  );
}

export function ReportFilterControls({
  service,
  filters,
  onFiltersChange: change,
  lastScanImportId,
  choices,
}: ControlsProps) {
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <ChoiceFilter
        label="Severity"
        anyText="Any severity"
        options={severityOptions}
        chosen={filters.severity}
        onChange={(severity) => change({ severity })}
      />
      <ChoiceFilter
        label="Status"
        anyText="Any status"
        options={statusOptions}
        chosen={filters.status}
        onChange={(status) => change({ status })}
      />
      <Select
        ariaLabel="SLA"
        options={slaOptions}
        selectedOption={slaOptions.find((option) => option.value === filters.sla) ?? slaOptions[0]!}
        onChange={({ detail }) => change({ sla: (detail.selectedOption.value ?? '') as ReportFilters['sla'] })}
      />
      <Select
        ariaLabel="Exploit signals"
        options={exploitOptions}
        selectedOption={exploitOptions.find((option) => option.value === filters.exploit) ?? exploitOptions[0]!}
        onChange={({ detail }) => change({ exploit: (detail.selectedOption.value ?? '') as ReportFilters['exploit'] })}
      />
      {withConfidence.includes(service) ? (
        <ChoiceFilter
          label="Confidence"
          anyText="Any confidence"
          options={confidenceOptions}
          chosen={filters.confidence}
          onChange={(confidence) => change({ confidence })}
        />
      ) : null}
      {service === 'dast' ? (
        <ChoiceFilter
          label="Site"
          anyText="Any site"
          options={optionsOf(choices?.site ?? [], filters.site)}
          chosen={filters.site}
          onChange={(site) => change({ site })}
        />
      ) : null}
      {service === 'cloud' ? (
        <>
          <ChoiceFilter
            label="Framework"
            anyText="Any framework"
            options={optionsOf(choices?.framework ?? [], filters.framework)}
            chosen={filters.framework}
            onChange={(framework) => change({ framework })}
          />
          <ChoiceFilter
            label="Category"
            anyText="Any category"
            options={optionsOf(choices?.category ?? [], filters.category)}
            chosen={filters.category}
            onChange={(category) => change({ category })}
          />
        </>
      ) : null}
      {service === 'network' ? (
        <>
          <SubnetFilter subnet={filters.subnet} onChange={(subnet) => change({ subnet })} />
          <Toggle checked={filters.hasCve} onChange={({ detail }) => change({ hasCve: detail.checked })}>
            Has a CVE
          </Toggle>
          <Toggle checked={filters.fixAvailable} onChange={({ detail }) => change({ fixAvailable: detail.checked })}>
            Fix available
          </Toggle>
        </>
      ) : null}
      <Toggle
        checked={filters.newOnly && lastScanImportId !== undefined}
        disabled={lastScanImportId === undefined}
        onChange={({ detail }) => change({ newOnly: detail.checked })}
      >
        New in the last scan
      </Toggle>
    </SpaceBetween>
  );
}
