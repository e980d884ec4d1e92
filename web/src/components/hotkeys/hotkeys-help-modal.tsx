// The hotkey help dialog (mod+H): every shortcut of the shell and what it does.
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import { shellHotkeys } from './hotkeys';
import { hotkeyLabel } from './use-hotkeys';

export function HotkeysHelpModal({ visible, onDismiss }: { visible: boolean; onDismiss: () => void }) {
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header="Keyboard shortcuts"
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Close
          </Button>
        </Box>
      }
    >
      <KeyValuePairs
        columns={1}
        ariaLabel="Keyboard shortcuts"
        items={Object.values(shellHotkeys).map(({ hotkey, description }) => ({
          label: description,
          value: <kbd className="portal-kbd">{hotkeyLabel(hotkey)}</kbd>,
        }))}
      />
    </Modal>
  );
}
