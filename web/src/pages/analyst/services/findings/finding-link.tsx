// A finding's title in the findings table: a link to its detail on the same page (?finding=<id>), which
// opens below the table without reloading it, and which can be copied, bookmarked or opened in a new tab.
import { useLocation, useNavigate } from 'react-router-dom';
import Link from '@cloudscape-design/components/link';
import { withFinding } from '../page-address';

export function FindingLink({ finding }: { finding: { id: string; title: string } }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const href = `${pathname}${withFinding(search, finding.id)}`;
  return (
    <Link
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(href, { state: { openedFinding: finding.id } });
      }}
    >
      {finding.title}
    </Link>
  );
}
