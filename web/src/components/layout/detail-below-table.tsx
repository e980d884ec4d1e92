// A table with the row opened from it shown below it: the findings table and a finding (?finding=<id>), the
// template library and a template (?template=<id>). The opened row is in the address, so it can be linked,
// bookmarked or opened in a new tab; once it shows, the page scrolls to the top of the detail. A row's link also
// sets the navigation state that says it was opened from the table, and only then does the detail take the focus. Close takes the row out of the
// address, the other parameters kept.
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { withOpenedRow } from '../address/opened-row';

/** The row opened below the table, as its detail is given it. */
export interface OpenedRow {
  id: string;
  /** It was opened from the table here: the detail takes the focus once it shows. */
  focusOnOpen: boolean;
  /** Takes the row out of the address. */
  onClose: () => void;
}

export interface DetailBelowTableProps {
  /** The address parameter that names the opened row: 'finding', 'template'. */
  param: string;
  /** The key of the navigation state a row's link sets to the row's id: 'openedFinding', 'openedTemplate'. */
  openedState: string;
  /** The table, and whatever sits above it: each child its own block, spaced like the detail below. */
  children: ReactNode;
  /** The opened row's detail, drawn afresh for each row, so nothing of one row carries over to the next. */
  detail: (row: OpenedRow) => ReactNode;
}

export function DetailBelowTable({ param, openedState, children, detail }: DetailBelowTableProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rowId = params.get(param) ?? undefined;
  const focusOnOpen = (location.state as Record<string, unknown> | null)?.[openedState] === rowId;
  const close = () => void navigate(`${location.pathname}${withOpenedRow(location.search, param, undefined)}`);
  return (
    <SpaceBetween size="l">
      {children}
      {rowId ? <Fragment key={rowId}>{detail({ id: rowId, focusOnOpen, onClose: close })}</Fragment> : null}
    </SpaceBetween>
  );
}

export interface OpenedRowDetailProps {
  /** The region's name for assistive technology: 'Finding detail'. */
  label: string;
  /** The heading while the row is read, or when it could not be: 'Finding'. */
  heading: string;
  /** 'Loading the finding'. */
  loadingText: string;
  focusOnOpen: boolean;
  onClose: () => void;
  /**
   * What was read of the row, undefined while it is read. While `focusOnOpen` holds, the focus moves to the
   * detail whenever it changes.
   */
  shown: object | undefined;
  /** Why the row could not be read. */
  error: string | undefined;
  /** The row's view, given the Close button for its header; undefined when the row could not be read. */
  view: ((close: ReactNode) => ReactNode) | undefined;
}

/** How long an opened row's detail is kept in view while the page above it settles. */
const settleMs = 3000;

/** The opened row's frame: a labelled region that takes the focus, with the loading and error states. */
export function OpenedRowDetail({
  label,
  heading,
  loadingText,
  focusOnOpen,
  onClose,
  shown,
  error,
  view,
}: OpenedRowDetailProps) {
  const region = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  // Once the row shows, the page moves to the top of its detail, opened from the table or from a shared link: the
  // person lands on its first part (a finding's curation), not on the table above or the middle of a tall detail.
  useEffect(() => {
    const element = region.current;
    if (!shown || scrolled.current || !element) return undefined;
    scrolled.current = true;
    const reveal = () => element.scrollIntoView({ block: 'start' });
    reveal();
    // The table above may still be reading its rows, which pushes the detail down: while the page settles (a few
    // seconds), its top is kept in view, until the person scrolls or acts themselves.
    const observer = new ResizeObserver(reveal);
    observer.observe(document.body);
    const personActs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const type of personActs) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, settleMs);
    for (const type of personActs) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [shown]);
  useEffect(() => {
    // Without preventScroll, the browser would centre a detail taller than the window on its focus.
    if (focusOnOpen && shown) region.current?.focus({ preventScroll: true });
  }, [focusOnOpen, shown]);

  const close = <Button onClick={onClose}>Close</Button>;
  const header = (
    <Header variant="h2" actions={close}>
      {heading}
    </Header>
  );
  let content: ReactNode;
  if (!shown) {
    content = (
      <Container header={header}>
        <Box color="text-status-inactive">
          <Spinner /> {loadingText}
        </Box>
      </Container>
    );
  } else if (view) {
    content = view(close);
  } else {
    content = (
      <Container header={header}>
        <Alert type="error" statusIconAriaLabel="Error">
          {error}
        </Alert>
      </Container>
    );
  }
  return (
    <div ref={region} tabIndex={-1} role="region" aria-label={label} className="portal-opened-row">
      {content}
    </div>
  );
}
