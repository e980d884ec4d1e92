// The document title of every page: '<page title> · <product name>', so tabs and history read; the
// product name alone on Home (spec 2 makes it the title; it stays, as the suffix).
import { useEffect } from 'react';
import { branding } from '../../config/branding';

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${branding.productName}` : branding.productName;
}

/** Sets the document title while the calling page is shown. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
