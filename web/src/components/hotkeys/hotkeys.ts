// The shell's hotkeys (spec 2), listed once for the handlers and the help dialog.
export const shellHotkeys = {
  help: { hotkey: 'mod+H', description: 'Open this list of keyboard shortcuts' },
  colorScheme: { hotkey: 'mod+J', description: 'Switch between light and dark mode' },
  navigation: { hotkey: 'mod+M', description: 'Show or hide the side navigation' },
} as const;
