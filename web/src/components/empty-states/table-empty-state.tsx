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
  filteringText: string;
  onClearFilter: () => void;
  /** Part of the list is still unsearched: the way to search on (the server pages the search). */
  onSearchFurther?: () => void;
}

/** 'No users match "xyz"', with Clear filter (and Search further while part of the list is unsearched). */
export function TableNoMatchState({ noun, filteringText, onClearFilter, onSearchFurther }: TableNoMatchStateProps) {
  return (
    <TableEmptyState
      title={`No ${noun} match "${filteringText}"${onSearchFurther ? ' so far' : ''}`}
      subtitle={
        onSearchFurther
          ? `Only part of the ${noun} has been searched.`
          : `Nothing the table shows holds that text, in any case.`
      }
      action={
        // Inline buttons, so the centred box centres them.
        <div>
          {onSearchFurther ? (
            <>
              <Button onClick={onSearchFurther}>Search further</Button>{' '}
            </>
          ) : null}
          <Button onClick={onClearFilter}>Clear filter</Button>
        </div>
      }
    />
  );
}
