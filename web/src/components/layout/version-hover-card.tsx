// The footer's version hover card (spec 2): 'Version' opens a small card with the build's version
// label on hover or keyboard focus (and on a click or tap); leaving it or Escape closes it.
import { useEffect, useId, useRef, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import { branding } from '../../config/branding';

const closeDelayMs = 150;

export function VersionHoverCard() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const cardId = useId();

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), closeDelayMs);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- hover and focus of the button inside bubble here; the span itself takes no action
    <span
      className="portal-hover-card"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onFocus={show}
      onBlur={hideSoon}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="portal-hover-card__trigger"
        aria-describedby={open ? cardId : undefined}
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
      >
        Version
      </button>
      {open ? (
        <div className="portal-hover-card__card" role="tooltip" id={cardId}>
          <Box variant="awsui-key-label">{branding.productName}</Box>
          <Box>Version {branding.versionLabel}</Box>
        </div>
      ) : null}
    </span>
  );
}
