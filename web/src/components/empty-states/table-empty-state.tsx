// The shared empty and no-match states of tables (the Cloudscape demos' pattern): what the table shows
// when there is nothing at all, and when nothing matches the filter text (with the way back).
import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface TableEmptyStateProps {
  title: string;
  subtitle?: string;
  action?: ReactNode;
}

export function TableEmptyState({ title, subtitle, action }: TableEmptyStateProps) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
      <SpaceBetween size="xxs">
        <Box variant="strong" color="inherit">
          {title}
        </Box>
        {subtitle ? (
          <Box variant="p" color="inherit">
            {subtitle}
          </Box>
        ) : null}
        {action}
      </SpaceBetween>
    </Box>
  );
}

export interface TableNoMatchStateProps {
  /** What the rows are, plural: 'users'. */
  noun: string;
  /** The text filter ('' when only other filters narrow the list). */
  filteringText: string;
  /** Filters besides the text narrow the list too: the way back clears them all. */
  withOtherFilters?: boolean;
  onClearFilter: () => void;
  /** Part of the list is still unsearched: the way to search on (the server pages the search). */
  onSearchFurther?: () => void;
}

/**
 * 'No users match "xyz"', with Clear filter (and Search further while part of the list is unsearched);
 * with other filters, 'No findings match the filters' (or '… match "xyz" and the filters'), with Clear filters.
 */
export function TableNoMatchState({
  noun,
  filteringText,
  withOtherFilters = false,
  onClearFilter,
  onSearchFurther,
}: TableNoMatchStateProps) {
  const what = filteringText ? `"${filteringText}"${withOtherFilters ? ' and the filters' : ''}` : 'the filters';
  let subtitle = 'Nothing the table shows holds that text, in any case.';
  if (onSearchFurther) subtitle = `Only part of the ${noun} has been searched.`;
  else if (withOtherFilters) subtitle = `No ${noun} are left once every filter is applied.`;
  return (
    <TableEmptyState
      title={`No ${noun} match ${what}${onSearchFurther ? ' so far' : ''}`}
      subtitle={subtitle}
      action={
        // Inline buttons, so the centred box centres them.
        <div>
          {onSearchFurther ? (
            <>
              <Button onClick={onSearchFurther}>Search further</Button>{' '}
            </>
          ) : null}
          <Button onClick={onClearFilter}>{withOtherFilters ? 'Clear filters' : 'Clear filter'}</Button>
        </div>
      }
    />
  );
}
