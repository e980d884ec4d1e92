// The required Email field of the sign-in screen and the Welcome dialog (spec 2 and 5).
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { emailPlaceholder } from '../../config/branding';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  errorText: string | undefined;
  autoFocus?: boolean;
}

export function EmailField({ value, onChange, errorText, autoFocus }: EmailFieldProps) {
  return (
    <FormField label="Email" errorText={errorText} stretch>
      <Input
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        ariaRequired
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only where the e-mail is the page's one task (sign-in, Welcome)
        autoFocus={autoFocus}
        placeholder={emailPlaceholder}
        value={value}
        invalid={errorText !== undefined}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </FormField>
  );
}
