// The fields both vault forms share: how long the link works, and the company it concerns (optional).
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useSession } from '../../../components/session/session-context';

export type VaultExpiry = '1h' | '1d' | '7d';

const expiryOptions = [
  { value: '1h', label: '1 hour' },
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
] as const;

export function ExpiryField({ value, onChange }: { value: VaultExpiry; onChange: (value: VaultExpiry) => void }) {
  return (
    <FormField label="Expires after" description="Unused, the link stops working then.">
      <Select
        selectedOption={expiryOptions.find((option) => option.value === value) ?? null}
        options={[...expiryOptions]}
        onChange={({ detail }) => onChange(detail.selectedOption.value as VaultExpiry)}
        ariaLabel="Expires after"
      />
    </FormField>
  );
}

const noCompany = { value: '', label: 'No company' };

export function CompanyField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { companyList } = useSession();
  const options = [noCompany, ...companyList.map((company) => ({ value: company.slug, label: company.companyName }))];
  return (
    <FormField label="Company" description="Optional: the company this concerns, for your list.">
      <Select
        selectedOption={options.find((option) => option.value === value) ?? noCompany}
        options={options}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        ariaLabel="Company"
      />
    </FormField>
  );
}
