// Pagination of a table whose pages come from the server a batch at a time: the collection pages what
// is loaded, and "next" past the last loaded page fetches the server's next batch first (open end).
import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';

export const paginationAriaLabels: PaginationProps.Labels = {
  nextPageLabel: 'Next page',
  previousPageLabel: 'Previous page',
  pageLabel: (pageNumber) => `Page ${pageNumber}`,
  paginationLabel: 'Pages',
};

export interface ServerPaginationProps {
  /** useCollection's paginationProps. */
  paginationProps: PaginationProps;
  hasMore: boolean;
  loadingMore: boolean;
  /** Resolves with the rows added. */
  loadMore: () => Promise<number>;
  setCurrentPage: (pageIndex: number) => void;
}

export function ServerPagination({
  paginationProps,
  hasMore,
  loadingMore,
  loadMore,
  setCurrentPage,
}: ServerPaginationProps) {
  return (
    <Pagination
      {...paginationProps}
      ariaLabels={paginationAriaLabels}
      openEnd={hasMore}
      disabled={loadingMore}
      onNextPageClick={({ detail }) => {
        if (detail.requestedPageAvailable || !hasMore) return;
        // A filtered search may find nothing further: then the page stays where it is.
        void loadMore().then((added) => {
          if (added > 0) setCurrentPage(detail.requestedPageIndex);
        });
      }}
    />
  );
}
