// What a guarded route shows to a signed-out visitor: a link to the sign-in screen, nothing else.
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';

/** Spec 2: the route guard's link text. */
export const mustBeSignedInText = 'You must be signed in';

export default function SignedOutNotice() {
  const navigate = useNavigate();
  return (
    <main className="portal-sign-in">
      <Box variant="p" fontSize="heading-m">
        <Link
          href="/"
          fontSize="heading-m"
          onFollow={(event) => {
            event.preventDefault();
            void navigate('/');
          }}
        >
          {mustBeSignedInText}
        </Link>
      </Box>
    </main>
  );
}
