// A status with its reason, as one controlled value: the status, then for risk accepted the day the
// acceptance ends (a date picker: from tomorrow, at most three years ahead), and for risk accepted, false
// positive and out of scope an optional note. Used by the finding's Status field and the bulk "Set status".
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState, type ReactNode } from 'react';
import { dayStart, isExpiryDayAllowed, isoDay, statusNeedsExpiry, type StatusValue } from './curation-text';
import { findingStatuses, findingStatusLabels, type FindingStatus } from '../finding-values/finding-labels';

const statusOptions = findingStatuses.map((status) => ({ value: status, label: findingStatusLabels[status] }));

/** The statuses whose reason is worth a note. */
export function statusTakesNote(status: FindingStatus): boolean {
  return status === 'risk_accepted' || status === 'false_positive' || status === 'out_of_scope';
}

/** A status the server takes as it is: risk accepted needs its expiry. */
export function isStatusComplete(value: StatusValue): boolean {
  return !statusNeedsExpiry(value.status) || value.expiresAt !== undefined;
}

/** The value as the server stores it: no expiry but for risk accepted, no empty note. */
export function cleanStatus(value: StatusValue): StatusValue {
  const note = statusTakesNote(value.status) ? value.note : undefined;
  return {
    status: value.status,
    ...(note?.trim() ? { note } : {}),
    ...(statusNeedsExpiry(value.status) && value.expiresAt !== undefined ? { expiresAt: value.expiresAt } : {}),
  };
}

export interface FindingStatusFieldsProps {
  value: StatusValue;
  onChange: (value: StatusValue) => void;
  /** Where the field's save state shows (the auto-save icon), beside the status. */
  statusInfo?: ReactNode;
  /** Shown under the expiry when it is missing (the form was submitted without it). */
  expiryError?: string;
  disabled?: boolean;
}

export function FindingStatusFields({ value, onChange, statusInfo, expiryError, disabled }: FindingStatusFieldsProps) {
  const selected = statusOptions.find((option) => option.value === value.status) ?? statusOptions[0];
  const choose = (status: FindingStatus) => onChange({ ...value, status });
  // The date as typed (the picker reports every keystroke); the value takes it once it is a whole allowed day.
  const valueDay = value.expiresAt !== undefined ? isoDay(value.expiresAt) : undefined;
  const [dayText, setDayText] = useState(valueDay ?? '');
  const [seenDay, setSeenDay] = useState(valueDay);
  if (seenDay !== valueDay) {
    // Changed from elsewhere (a stored value read, taking theirs): show it.
    setSeenDay(valueDay);
    if (valueDay !== undefined) setDayText(valueDay);
  }
  const typeDay = (text: string) => {
    setDayText(text);
    const at = dayStart(text);
    const { expiresAt: _previous, ...rest } = value;
    if (at !== undefined && isExpiryDayAllowed(new Date(at))) onChange({ ...rest, expiresAt: at });
    else if (value.expiresAt !== undefined) onChange(rest);
  };
  return (
    <SpaceBetween size="s">
      <FormField label="Status" info={statusInfo}>
        <Select
          selectedOption={selected ?? null}
          options={statusOptions}
          disabled={disabled}
          onChange={({ detail }) => choose(detail.selectedOption.value as FindingStatus)}
        />
      </FormField>
      {statusNeedsExpiry(value.status) ? (
        <FormField
          label="Accepted until"
          description="The finding opens again on this day."
          errorText={expiryError && value.expiresAt === undefined ? expiryError : undefined}
        >
          <DatePicker
            value={dayText}
            placeholder="YYYY/MM/DD"
            disabled={disabled}
            isDateEnabled={(day) => isExpiryDayAllowed(day)}
            openCalendarAriaLabel={(selectedDate) =>
              `Choose the day the acceptance ends${selectedDate ? `, selected date is ${selectedDate}` : ''}`
            }
            onChange={({ detail }) => typeDay(detail.value)}
          />
        </FormField>
      ) : null}
      {statusTakesNote(value.status) ? (
        <FormField label="Reason" description="Optional: why, for the history and the customer.">
          <Textarea
            value={value.note ?? ''}
            rows={2}
            disabled={disabled}
            onChange={({ detail }) => onChange({ ...value, note: detail.value })}
          />
        </FormField>
      ) : null}
    </SpaceBetween>
  );
}
