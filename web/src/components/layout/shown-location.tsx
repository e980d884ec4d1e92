// Says on the document which address the shell's page is showing: <html data-shown-path="/reports/dast?sla=overdue">,
// set once that route's page (its chunk loaded, or the access denial) has rendered, removed when the shell goes.
// A move inside the app changes it only when the new page is on screen, so an automated browser (the browser tests,
// a synthetic monitor) knows when the address bar and the page agree without reloading the app to be sure.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function ShownLocation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.shownPath = pathname + search;
    return () => {
      delete document.documentElement.dataset.shownPath;
    };
  }, [pathname, search]);
  return null;
}
