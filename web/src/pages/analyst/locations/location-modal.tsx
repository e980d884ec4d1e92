// Creating or editing a location (createLocation, updateLocation on the version the analyst saw). Ranges,
// exclusions and domains are typed one per line; the server checks them and names the line that is wrong.
import { useState, type FormEvent } from 'react';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { callFunction } from '../../../api/call-client';
import { problemOf, noProblem, type FormProblem } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { FormModal } from '../../../components/forms/form-modal';
import { locationKindLabels, type Location } from './locations-config';

const fields = ['name', 'kind', 'region', 'cidrs', 'exclusions', 'domains', 'networkLabel', 'scanWindow', 'isDefault'];
const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof days)[number];
const dayLabels: Record<Day, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const kindOptions = (Object.keys(locationKindLabels) as Location['kind'][]).map((kind) => ({
  value: kind,
  label: locationKindLabels[kind],
}));

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

export interface LocationModalProps {
  slug: string;
  /** The location to edit; none to create one. */
  location?: Location;
  onSaved: (location: Location) => void;
  onDismiss: () => void;
}

export function LocationModal({ slug, location, onSaved, onDismiss }: LocationModalProps) {
  const [name, setName] = useState(location?.name ?? '');
  const [kind, setKind] = useState<Location['kind']>(location?.kind ?? 'site');
  const [region, setRegion] = useState(location?.region ?? '');
  const [cidrs, setCidrs] = useState(location?.cidrs.join('\n') ?? '');
  const [exclusions, setExclusions] = useState(location?.exclusions.join('\n') ?? '');
  const [domains, setDomains] = useState(location?.domains.join('\n') ?? '');
  const [networkLabel, setNetworkLabel] = useState(location?.networkLabel ?? '');
  const [isDefault, setIsDefault] = useState(location?.isDefault ?? false);
  const [windowOn, setWindowOn] = useState(location?.scanWindow !== undefined);
  const [windowDays, setWindowDays] = useState<Day[]>(location?.scanWindow?.days ?? ['sat', 'sun']);
  const [start, setStart] = useState(location?.scanWindow?.start ?? '22:00');
  const [end, setEnd] = useState(location?.scanWindow?.end ?? '06:00');
  const [timeZone, setTimeZone] = useState(
    location?.scanWindow?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length === 0) {
      setProblem({ fieldErrors: { name: 'Enter a name.' } });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    const fieldsSent = {
      slug,
      name: name.trim(),
      kind,
      ...(kind === 'hosted-region' && region.trim() ? { region: region.trim() } : {}),
      cidrs: lines(cidrs),
      exclusions: lines(exclusions),
      domains: lines(domains),
      ...(networkLabel.trim() ? { networkLabel: networkLabel.trim() } : {}),
      ...(windowOn ? { scanWindow: { days: windowDays, start, end, timeZone: timeZone.trim() } } : {}),
      isDefault,
    };
    try {
      onSaved(
        location
          ? await callFunction('updateLocation', {
              ...fieldsSent,
              locationId: location.locationId,
              expectedVersion: location.version,
            })
          : await callFunction('createLocation', fieldsSent),
      );
    } catch (error) {
      setProblem(problemOf(error, fields, 'The location could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      header={location ? `Edit ${location.name}` : 'Add location'}
      size="large"
      formId="location-form"
      submitText={location ? 'Save' : 'Add location'}
      submitting={saving}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <FormField label="Name" errorText={problem.fieldErrors.name}>
        <Input value={name} ariaRequired disabled={saving} onChange={({ detail }) => setName(detail.value)} />
      </FormField>
      <FormField label="Kind" errorText={problem.fieldErrors.kind}>
        <Select
          selectedOption={kindOptions.find((option) => option.value === kind) ?? null}
          options={kindOptions}
          disabled={saving}
          onChange={({ detail }) => setKind(detail.selectedOption.value as Location['kind'])}
        />
      </FormField>
      {kind === 'hosted-region' ? (
        <FormField label="Region" description="The cloud region scans run from." errorText={problem.fieldErrors.region}>
          <Input
            value={region}
            placeholder="eu-west-1"
            disabled={saving}
            onChange={({ detail }) => setRegion(detail.value)}
          />
        </FormField>
      ) : null}
      <FormField
        label="Ranges"
        description="CIDR blocks in scope, one per line (10.20.0.0/16, 2001:db8::/48)."
        errorText={problem.fieldErrors.cidrs}
      >
        <Textarea value={cidrs} rows={4} disabled={saving} onChange={({ detail }) => setCidrs(detail.value)} />
      </FormField>
      <FormField
        label="Exclusions"
        description="Blocks inside the ranges that are never scanned, one per line."
        errorText={problem.fieldErrors.exclusions}
      >
        <Textarea
          value={exclusions}
          rows={2}
          disabled={saving}
          onChange={({ detail }) => setExclusions(detail.value)}
        />
      </FormField>
      <FormField
        label="Domains"
        description="Host names in scope, one per line (app.acme.example, *.acme.example)."
        errorText={problem.fieldErrors.domains}
      >
        <Textarea value={domains} rows={3} disabled={saving} onChange={({ detail }) => setDomains(detail.value)} />
      </FormField>
      <FormField
        label="Network"
        description="Locations of one network may not share addresses. Leave it empty for the company's network; name another for a site whose private ranges repeat another's."
        errorText={problem.fieldErrors.networkLabel}
      >
        <Input
          value={networkLabel}
          placeholder="default"
          disabled={saving}
          onChange={({ detail }) => setNetworkLabel(detail.value)}
        />
      </FormField>
      <FormField label="Scan window" errorText={problem.fieldErrors.scanWindow}>
        <SpaceBetween size="s">
          <Checkbox checked={windowOn} disabled={saving} onChange={({ detail }) => setWindowOn(detail.checked)}>
            Scan only in a window
          </Checkbox>
          {windowOn ? (
            <SpaceBetween size="s" direction="horizontal">
              <Multiselect
                selectedOptions={windowDays.map((day) => ({ value: day, label: dayLabels[day] }))}
                options={days.map((day) => ({ value: day, label: dayLabels[day] }))}
                placeholder="Days"
                ariaLabel="Days"
                disabled={saving}
                onChange={({ detail }) => setWindowDays(detail.selectedOptions.map((option) => option.value as Day))}
              />
              <Input
                value={start}
                ariaLabel="From (HH:MM)"
                disabled={saving}
                onChange={({ detail }) => setStart(detail.value)}
              />
              <Input
                value={end}
                ariaLabel="Until (HH:MM)"
                disabled={saving}
                onChange={({ detail }) => setEnd(detail.value)}
              />
              <Input
                value={timeZone}
                ariaLabel="Time zone"
                disabled={saving}
                onChange={({ detail }) => setTimeZone(detail.value)}
              />
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      </FormField>
      <FormField label="Default" errorText={problem.fieldErrors.isDefault}>
        <Checkbox
          checked={isDefault}
          disabled={saving || location?.isDefault === true}
          onChange={({ detail }) => setIsDefault(detail.checked)}
        >
          The company&apos;s default location
        </Checkbox>
      </FormField>
    </FormModal>
  );
}
