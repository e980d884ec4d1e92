// The preferences gear of every table: page size, columns shown and their order, wrap lines, striped
// rows. Loaded on its own (table-preferences.tsx), after the table's rows.
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import { defaultTablePreferences, readTablePreferences, type TablePreferencesProps } from './table-config';

export default function TablePreferencesGear<Item>({ config, preferences, onChange }: TablePreferencesProps<Item>) {
  return (
    <CollectionPreferences
      title="Preferences"
      confirmLabel="Confirm"
      cancelLabel="Cancel"
      preferences={preferences}
      onConfirm={({ detail }) => onChange(readTablePreferences(config, detail, defaultTablePreferences(config)))}
      pageSizePreference={{
        title: 'Page size',
        options: config.pageSizes.map((size) => ({ value: size, label: `${size} ${config.noun}` })),
      }}
      wrapLinesPreference={{
        label: 'Wrap lines',
        description: 'Long text wraps between words; e-mail addresses and other identifiers stay on one line.',
      }}
      stripedRowsPreference={{ label: 'Striped rows', description: 'Shade every other row.' }}
      contentDisplayPreference={{
        title: 'Columns',
        description: 'Choose which columns are shown, and their order.',
        options: config.columns.map((column) => ({
          id: column.id,
          label: column.header,
          ...(column.alwaysVisible ? { alwaysVisible: true } : {}),
        })),
        dragHandleAriaLabel: 'Drag handle',
        dragHandleAriaDescription:
          'Use Space or Enter to activate drag, arrow keys to move, Space or Enter to submit, or Escape to discard.',
        liveAnnouncementDndStarted: (position, total) => `Picked up item at position ${position} of ${total}`,
        liveAnnouncementDndItemReordered: (initial, current, total) =>
          initial === current
            ? `Moving item back to position ${current} of ${total}`
            : `Moving item to position ${current} of ${total}`,
        liveAnnouncementDndItemCommitted: (initial, final, total) =>
          initial === final
            ? `Item moved back to its original position ${initial} of ${total}`
            : `Item moved from position ${initial} to position ${final} of ${total}`,
        liveAnnouncementDndDiscarded: 'Reordering canceled',
      }}
    />
  );
}
