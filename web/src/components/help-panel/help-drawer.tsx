// The layout's tools area: the help panel beside the page (over it on screens up to 768 px), with a
// close button. Opened by an Info link it takes the focus; Escape or the button close it.
import { useEffect, useRef } from 'react';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import type { HelpTopic } from './help-panel-context';

export interface HelpDrawerProps {
  topic: HelpTopic;
  /** Changes each time an Info link asks for the panel: the close button takes the focus then. */
  focusRequest: number;
  onClose: () => void;
}

export function HelpDrawer({ topic: Topic, focusRequest, onClose }: HelpDrawerProps) {
  const closeButton = useRef<ButtonProps.Ref>(null);
  useEffect(() => {
    if (focusRequest > 0) closeButton.current?.focus();
  }, [focusRequest]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any control inside bubbles here; the aside itself takes no focus
    <aside
      className="portal-tools"
      aria-label="Help panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="portal-tools__close">
        <Button ref={closeButton} variant="icon" iconName="close" ariaLabel="Close help panel" onClick={onClose} />
      </div>
      <Topic />
    </aside>
  );
}
