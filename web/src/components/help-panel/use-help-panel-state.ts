// The help panel's state for the layout: which topic shows (an Info link's, else the page's own),
// whether the panel is open, and where the focus goes back to when it closes.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { HelpPanelContextValue, HelpTopic } from './help-panel-context';

export interface HelpPanelState {
  /** For HelpPanelContext: what pages and Info links call. */
  context: HelpPanelContextValue;
  /** The topic to show now; undefined while the panel is closed. */
  shownTopic: HelpTopic | undefined;
  /** Grows on every Info link followed, so the panel takes the focus even when it was open already. */
  focusRequest: number;
  close: () => void;
}

export function useHelpPanelState(): HelpPanelState {
  const [pageHelp, setPageHelp] = useState<HelpTopic | undefined>(undefined);
  const [linkedHelp, setLinkedHelp] = useState<HelpTopic | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const opener = useRef<HTMLElement | null>(null);

  const context = useMemo<HelpPanelContextValue>(
    () => ({
      openHelp: (topic) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        // Functional updates: a topic is a component, which useState would otherwise call.
        setLinkedHelp(() => topic);
        setOpen(true);
        setFocusRequest((count) => count + 1);
      },
      setPageHelp: (topic) => {
        setPageHelp(() => topic);
        setLinkedHelp(undefined);
        // Leaving a page closes its help.
        if (!topic) setOpen(false);
      },
    }),
    [],
  );

  const close = useCallback(() => {
    setOpen(false);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);

  return { context, shownTopic: open ? (linkedHelp ?? pageHelp) : undefined, focusRequest, close };
}
