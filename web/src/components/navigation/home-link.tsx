// "Go to Home", moving within the app (no reload), for pages that end a person's way: not found, denied.
import { useNavigate } from 'react-router-dom';
import Link from '@cloudscape-design/components/link';

export function HomeLink() {
  const navigate = useNavigate();
  return (
    <Link
      href="/"
      onFollow={(event) => {
        event.preventDefault();
        void navigate('/');
      }}
    >
      Go to Home
    </Link>
  );
}
