// The eight service flags of a company as toggles with readable labels, grouped by service. Not inside
// a FormField: it would add its label to every toggle's name ('DAST Services').
import { useId, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { companyFlagGroups, serviceLabels, type CompanyFlag, type CompanyFlags } from './service-labels';

export interface CompanyFlagFieldsProps {
  flags: CompanyFlags;
  onChange: (flag: CompanyFlag, on: boolean) => void;
  disabled?: boolean;
  errorText?: string;
  /** An Info link beside the group's label (the page's help panel explains the flags). */
  info?: ReactNode;
}

export function CompanyFlagFields({ flags, onChange, disabled, errorText, info }: CompanyFlagFieldsProps) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description${errorText ? ` ${id}-error` : ''}`}
    >
      <SpaceBetween size="xs">
        <div>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Box variant="awsui-key-label">
              <span id={`${id}-label`}>Services</span>
            </Box>
            {info}
          </SpaceBetween>
          <Box variant="small" color="text-body-secondary">
            <span id={`${id}-description`}>Turn on what the company's members may see.</span>
          </Box>
        </div>
        <ColumnLayout columns={2} variant="text-grid">
          {companyFlagGroups.map((group) => (
            <div key={group.service} role="group" aria-label={serviceLabels[group.service]}>
              <SpaceBetween size="xs">
                {group.flags.map(({ flag, label, description }) => (
                  <Toggle
                    key={flag}
                    checked={flags[flag]}
                    disabled={disabled}
                    description={description}
                    onChange={({ detail }) => onChange(flag, detail.checked)}
                  >
                    {label}
                  </Toggle>
                ))}
              </SpaceBetween>
            </div>
          ))}
        </ColumnLayout>
        {errorText ? (
          <span id={`${id}-error`}>
            <StatusIndicator type="error">{errorText}</StatusIndicator>
          </span>
        ) : null}
      </SpaceBetween>
    </div>
  );
}
