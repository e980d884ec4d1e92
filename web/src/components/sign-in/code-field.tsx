// The `Code` field for the one-time code of the sign-in mail: the sign-in screen's code form and the step-up
// dialog ("Confirm it's you") share it. Digits only, eight of them (sign-in-code.ts says why).
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { signInCodeLength } from '../../../../lambdas/kernel/sign-in/sign-in-code';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  errorText: string | undefined;
  disabled?: boolean;
}

export function CodeField({ value, onChange, errorText, disabled }: CodeFieldProps) {
  return (
    <FormField
      label="Code"
      description={`The ${signInCodeLength} digits in the sign-in e-mail.`}
      errorText={errorText}
      stretch
    >
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        ariaRequired
        spellcheck={false}
        value={value}
        disabled={disabled}
        invalid={errorText !== undefined}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </FormField>
  );
}
