// The search box's answers: the query is sent 150 ms after typing stops (the Algolia client answers
// repeated queries from its cache), and only the answer to the latest query and page is kept.
import { useEffect, useState } from 'react';
import { searchProblemOf, searchTemplates, type SearchProblem, type TemplateSearchPage } from './template-search';

export const searchDelayMs = 150;
export const hitsPerPage = 20;

export interface TemplateSearchState {
  /** The query and page the result answers. */
  answered?: { query: string; page: number };
  result?: TemplateSearchPage;
  problem?: SearchProblem;
  searching: boolean;
}

export function useTemplateSearch(query: string, page: number, generation: number): TemplateSearchState {
  const [state, setState] = useState<TemplateSearchState>({ searching: false });
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed === '') return undefined;
    let current = true;
    setState((previous) => ({ ...previous, searching: true }));
    const timer = window.setTimeout(() => {
      searchTemplates(trimmed, page, hitsPerPage).then(
        (result) => current && setState({ answered: { query: trimmed, page }, result, searching: false }),
        (error: unknown) =>
          current &&
          setState({ answered: { query: trimmed, page }, problem: searchProblemOf(error), searching: false }),
      );
    }, searchDelayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [trimmed, page, generation]);

  return trimmed === '' ? { searching: false } : state;
}
