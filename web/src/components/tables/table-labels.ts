// Accessible names of a table's selection controls, for every administration table.
import type { TableProps } from '@cloudscape-design/components/table';

export function selectionLabels<Item>(tableLabel: string, nameOf: (item: Item) => string): TableProps.AriaLabels<Item> {
  return {
    tableLabel,
    selectionGroupLabel: `${tableLabel} selection`,
    allItemsSelectionLabel: () => 'Select all',
    itemSelectionLabel: (_selection, item) => `Select ${nameOf(item)}`,
  };
}
