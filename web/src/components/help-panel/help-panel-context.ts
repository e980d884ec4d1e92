// The help panel of the layout's tools area (the Cloudscape demos' pattern): a page names its help
// with usePageHelp, and an info link beside a field or header opens a topic in the panel. A topic is a
// component rendering a Cloudscape HelpPanel, so the layout renders it only while it is shown.
import { createContext, useContext, useEffect, type ComponentType } from 'react';

export type HelpTopic = ComponentType;

export interface HelpPanelContextValue {
  /** Opens the panel on `topic` and moves the focus into it. */
  openHelp: (topic: HelpTopic) => void;
  /** The help of the page shown now (what the panel's own button opens); undefined: the page has none. */
  setPageHelp: (topic: HelpTopic | undefined) => void;
}

export const HelpPanelContext = createContext<HelpPanelContextValue | undefined>(undefined);

export function useHelpPanel(): HelpPanelContextValue {
  const value = useContext(HelpPanelContext);
  if (!value) throw new Error('useHelpPanel must be used inside the app layout');
  return value;
}

/** Names the calling page's help while it is shown. `topic` must be a module-level component. */
export function usePageHelp(topic: HelpTopic): void {
  const { setPageHelp } = useHelpPanel();
  useEffect(() => {
    setPageHelp(topic);
    return () => setPageHelp(undefined);
  }, [setPageHelp, topic]);
}
