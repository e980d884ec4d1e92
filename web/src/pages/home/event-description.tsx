// One event as a sentence, its objects linked to the page where they live when the reader may open it
// (a company to Manage companies with it selected; a user to the users page; a service to Platform services).
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import Link from '@cloudscape-design/components/link';
import { canOpenPage, useAccessContext } from '../../components/navigation/page-access';
import { companyNameIn, useSession } from '../../components/session/session-context';
import { shellPages } from '../../shell-pages';
import { describeEvent, type EventObject, type SentenceContext } from './event-sentence';
import type { EventRecord } from './use-events';

/** Where each kind of object lives, best first; the first page the reader may open wins. */
const objectPages: Record<EventObject['kind'], (object: EventObject) => string[]> = {
  company: (object) => (object.kind === 'company' ? [`/admin/company?company=${encodeURIComponent(object.slug)}`] : []),
  user: () => ['/admin/app/users', '/admin/company/manage-users'],
  service: () => ['/admin/app/services'],
};

function useObjectLink(): (object: EventObject) => string | undefined {
  const context = useAccessContext();
  return useMemo(() => {
    const mayOpen = (href: string) => {
      const page = shellPages.find((candidate) => candidate.path === href.split('?')[0]);
      return page !== undefined && canOpenPage(page, context);
    };
    return (object) => objectPages[object.kind](object).find(mayOpen);
  }, [context]);
}

/** The reader's context for sentences: who they are and the company names they know. */
export function useSentenceContext(): SentenceContext {
  const { user, companyList, company, companyDoc } = useSession();
  return useMemo(
    () => ({
      self: { uid: user.uid, displayName: user.displayName },
      companyName: (slug) => companyNameIn({ company, companyDoc, companyList }, slug),
    }),
    [user.uid, user.displayName, companyList, company, companyDoc],
  );
}

function objectText(object: EventObject): string {
  if (object.kind === 'company') return object.name;
  if (object.kind === 'user') return object.email;
  return object.displayName;
}

export function EventDescription({ event }: { event: EventRecord }) {
  const context = useSentenceContext();
  const linkOf = useObjectLink();
  const navigate = useNavigate();
  const { actor, parts } = describeEvent(event, context);
  return (
    <span>
      {actor}{' '}
      {parts.map((part, index) => {
        if (typeof part === 'string') return part;
        const href = linkOf(part);
        const label = objectText(part);
        const key = `${index}-${part.kind}`;
        if (!href) {
          return <strong key={key}>{label}</strong>;
        }
        return (
          <Link
            key={key}
            href={href}
            onFollow={(followed) => {
              followed.preventDefault();
              void navigate(href);
            }}
          >
            {label}
          </Link>
        );
      })}
    </span>
  );
}
