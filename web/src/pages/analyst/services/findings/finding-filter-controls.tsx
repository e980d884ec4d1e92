// The findings table's own filters beside its text filter: severities and statuses (any chosen), the SLA (overdue
// or due within 7 days: the server answers those soonest due first), an asset
// key (sent 300 ms after typing stops, as the text filter is), and "New in the last scan", which needs a
// finished scan.
import { useEffect, useState } from 'react';
import Input from '@cloudscape-design/components/input';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import Toggle from '@cloudscape-design/components/toggle';
import { filterDelayMs } from '../../../../components/tables/use-server-table';
import {
  findingStatusLabels,
  findingStatuses,
  severities,
  severityLabels,
  type FindingStatus,
  type Severity,
} from '../finding-values/finding-labels';
import { slaFilterOptions } from '../finding-values/sla-due';
import { exploitFilterOptions } from '../finding-values/exploit-signals';
import type { FindingFilters } from './finding-filter';
import styles from './finding-filter-controls.module.css';

const severityOptions: MultiselectProps.Option[] = severities.map((value) => ({
  value,
  label: severityLabels[value],
}));
const statusOptions: MultiselectProps.Option[] = findingStatuses.map((value) => ({
  value,
  label: findingStatusLabels[value],
}));

const slaOptions: SelectProps.Option[] = slaFilterOptions('Any');
const exploitOptions: SelectProps.Option[] = exploitFilterOptions('Any');

function chosen<Value extends string>(options: readonly MultiselectProps.Option[], values: readonly Value[]) {
  return options.filter((option) => values.includes(option.value as Value));
}

function valuesOf<Value extends string>(options: readonly MultiselectProps.Option[]): Value[] {
  return options.map((option) => option.value as Value);
}

export interface FindingFilterControlsProps {
  filters: FindingFilters;
  onChange: (filters: FindingFilters) => void;
  /** The last finished scan, when there is one ("New in the last scan" needs it). */
  hasLastScan: boolean;
}

export function FindingFilterControls({ filters, onChange, hasLastScan }: FindingFilterControlsProps) {
  const [assetText, setAssetText] = useState(filters.assetKey);
  // Set from elsewhere (an asset's "Show findings", Clear filters): show it.
  useEffect(() => setAssetText(filters.assetKey), [filters.assetKey]);
  useEffect(() => {
    if (assetText.trim() === filters.assetKey.trim()) return undefined;
    const timer = window.setTimeout(() => onChange({ ...filters, assetKey: assetText.trim() }), filterDelayMs);
    return () => window.clearTimeout(timer);
  }, [assetText, filters, onChange]);

  return (
    <>
      <div className={styles.select}>
        <Multiselect
          inlineLabelText="Severity"
          ariaLabel="Severity filter"
          placeholder="Any"
          inlineTokens
          options={severityOptions}
          selectedOptions={chosen(severityOptions, filters.severity)}
          onChange={({ detail }) => onChange({ ...filters, severity: valuesOf<Severity>(detail.selectedOptions) })}
        />
      </div>
      <div className={styles.select}>
        <Multiselect
          inlineLabelText="Status"
          ariaLabel="Status filter"
          placeholder="Any"
          inlineTokens
          options={statusOptions}
          selectedOptions={chosen(statusOptions, filters.status)}
          onChange={({ detail }) => onChange({ ...filters, status: valuesOf<FindingStatus>(detail.selectedOptions) })}
        />
      </div>
      <div className={styles.select}>
        <Select
          inlineLabelText="SLA"
          ariaLabel="SLA filter"
          options={slaOptions}
          selectedOption={slaOptions.find((option) => option.value === filters.sla) ?? slaOptions[0]!}
          onChange={({ detail }) =>
            onChange({ ...filters, sla: (detail.selectedOption.value ?? '') as FindingFilters['sla'] })
          }
        />
      </div>
      <div className={styles.select}>
        <Select
          inlineLabelText="Exploit"
          ariaLabel="Exploit filter"
          options={exploitOptions}
          selectedOption={exploitOptions.find((option) => option.value === filters.exploit) ?? exploitOptions[0]!}
          onChange={({ detail }) =>
            onChange({ ...filters, exploit: (detail.selectedOption.value ?? '') as FindingFilters['exploit'] })
          }
        />
      </div>
      <div className={styles.asset}>
        <Input
          type="search"
          value={assetText}
          onChange={({ detail }) => setAssetText(detail.value)}
          placeholder="Asset key"
          ariaLabel="Asset key"
          clearAriaLabel="Clear asset key"
        />
      </div>
      <div className={styles.toggle}>
        <Toggle
          checked={filters.newInLastScan && hasLastScan}
          disabled={!hasLastScan}
          onChange={({ detail }) => onChange({ ...filters, newInLastScan: detail.checked })}
          description={hasLastScan ? undefined : 'No scan has finished yet.'}
        >
          New in the last scan
        </Toggle>
      </div>
    </>
  );
}
