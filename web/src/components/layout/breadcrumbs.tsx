// Breadcrumbs of every page below Home, from the one route table: Home, then the pages above this one
// by path that the person may open (Manage companies above Create company), then this page (not a
// link). Links navigate in the app, without reloading it.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { shellPages, type ShellPage } from '../../shell-pages';
import { canOpenPage, useAccessContext } from '../navigation/page-access';

/** The pages from Home down to `page`; empty on Home itself. */
export function breadcrumbTrail(page: ShellPage, mayOpen: (page: ShellPage) => boolean): ShellPage[] {
  if (page.path === '/') return [];
  const home = shellPages.find((candidate) => candidate.path === '/');
  const above = shellPages
    .filter((candidate) => candidate.path !== '/' && page.path.startsWith(`${candidate.path}/`) && mayOpen(candidate))
    .sort((a, b) => a.path.length - b.path.length);
  return [...(home ? [home] : []), ...above, page];
}

export function PortalBreadcrumbs({ page }: { page: ShellPage }) {
  const navigate = useNavigate();
  const context = useAccessContext();
  const items = useMemo<BreadcrumbGroupProps.Item[]>(
    () =>
      breadcrumbTrail(page, (candidate) => canOpenPage(candidate, context)).map((crumb) => ({
        text: crumb.title,
        href: crumb.path,
      })),
    [page, context],
  );
  if (items.length === 0) return null;
  return (
    <BreadcrumbGroup
      items={items}
      ariaLabel="Breadcrumbs"
      expandAriaLabel="Show path"
      onFollow={(event) => {
        event.preventDefault();
        void navigate(event.detail.href);
      }}
    />
  );
}
