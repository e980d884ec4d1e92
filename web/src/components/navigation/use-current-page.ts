// The shell page the current route shows (its title, section and gate), from the route table.
import { useMatches } from 'react-router-dom';
import type { RouteHandle, ShellPage } from '../../shell-pages';

export function useCurrentPage(): ShellPage | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined)?.page;
}
