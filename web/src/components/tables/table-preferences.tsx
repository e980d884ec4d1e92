// Every table's preferences (page size, columns shown and their order, wrap lines, striped rows),
// remembered per table in this browser; the gear that edits them is table-preferences-gear.tsx.
import { lazy, Suspense, useMemo } from 'react';
import {
  defaultTablePreferences,
  readTablePreferences,
  type TableConfig,
  type TablePreferencesProps,
  type TablePreferencesValue,
} from './table-config';
import { useLocalStorage } from './use-local-storage';

export function preferencesKey(tableId: string): string {
  return `portal.tables.${tableId}`;
}

export function useTablePreferences<Item>(
  config: TableConfig<Item>,
): [TablePreferencesValue, (preferences: TablePreferencesValue) => void] {
  const defaults = useMemo(() => defaultTablePreferences(config), [config]);
  return useLocalStorage(preferencesKey(config.id), defaults, (stored, fallback) =>
    readTablePreferences(config, stored, fallback),
  );
}

// The gear's dialog (with its drag-and-drop column list) is the largest part of a table: it loads after
// the rows, so the first page a person sees does not wait for it.
const TablePreferencesGear = lazy(() => import('./table-preferences-gear'));

export function TablePreferences<Item>(props: TablePreferencesProps<Item>) {
  return (
    <Suspense fallback={null}>
      <TablePreferencesGear {...(props as TablePreferencesProps<unknown>)} />
    </Suspense>
  );
}
