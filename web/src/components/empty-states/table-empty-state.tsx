// The shared empty and no-match states of tables (the Cloudscape demos' pattern).
import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
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
