// The 'Login with Link' submit button: spec 2 fixes its colour to a dark red, in light and dark mode.
import Button from '@cloudscape-design/components/button';

const darkRed = { default: '#8b0000', hover: '#700000', active: '#5c0000', disabled: '#b98c8c' };
const white = { default: '#ffffff', hover: '#ffffff', active: '#ffffff', disabled: '#f4eded' };

export interface LoginWithLinkButtonProps {
  loading: boolean;
  /** Announced while loading. */
  loadingText?: string;
}

export function LoginWithLinkButton({ loading, loadingText = 'Sending sign-in link' }: LoginWithLinkButtonProps) {
  return (
    <Button
      variant="primary"
      formAction="submit"
      loading={loading}
      loadingText={loadingText}
      fullWidth
      style={{ root: { background: darkRed, borderColor: darkRed, color: white } }}
    >
      Login with Link
    </Button>
  );
}
