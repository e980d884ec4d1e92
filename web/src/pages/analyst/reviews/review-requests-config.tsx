// The review requests table (/analyst/reviews): every company's retest and risk-acceptance requests waiting for a
// decision, newest first, a page at a time from the server; the loaded rows are filtered and sorted in the browser.
import type { ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { serviceLabels } from '../../../../../lambdas/kernel/search/labels';
import type { Severity } from '../../../../../lambdas/kernel/scanners/finding-model';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';
import { TimeAgo } from '../../../components/time/updated-label';
import { SeverityBadge } from '../services/finding-values/scanner-values';
import { kindText } from '../services/reviews/review-queue';

export type ListedReview = CallOutput<'listReviewQueue'>['reviews'][number];

export const reviewKey = (review: ListedReview) => `${review.slug}#${review.service}#${review.findingId}`;
const serviceText = (review: ListedReview) => serviceLabels[review.service as ServiceName] ?? review.service;
const askedBy = (review: ListedReview) => review.by.name ?? review.by.email;

export const reviewRequestsTable: TableConfig<ListedReview> = {
  id: 'analyst-review-requests',
  noun: 'requests',
  columns: [
    {
      id: 'title',
      header: 'Finding',
      cell: (review) => <CellText value={review.title} />,
      sortingField: 'title',
      sortingComparator: (a, b) => compareKeys(a.title, b.title),
      isRowHeader: true,
      alwaysVisible: true,
    },
    {
      id: 'company',
      header: 'Company',
      cell: (review) => <CellText value={review.companyName} />,
      sortingField: 'companyName',
      sortingComparator: (a, b) => compareKeys(a.companyName, b.companyName),
    },
    { id: 'service', header: 'Service', cell: (review) => <CellText value={serviceText(review)} /> },
    { id: 'severity', header: 'Severity', cell: (review) => <SeverityBadge severity={review.severity as Severity} /> },
    { id: 'kind', header: 'Request', cell: (review) => <CellText value={kindText(review)} /> },
    { id: 'by', header: 'Requested by', cell: (review) => <IdentifierText value={askedBy(review)} /> },
    {
      id: 'at',
      header: 'Requested',
      cell: (review) => <TimeAgo at={review.at} />,
      sortingField: 'at',
      sortingComparator: (a, b) => a.at - b.at,
    },
    { id: 'note', header: 'Note', cell: (review) => <CellText value={review.note} /> },
  ],
  orderColumn: 'at',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  fetchSize: 50,
};

export function reviewMatches(review: ListedReview, filter: string): boolean {
  const text = [review.title, review.companyName, serviceText(review), kindText(review), askedBy(review), review.note]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}
