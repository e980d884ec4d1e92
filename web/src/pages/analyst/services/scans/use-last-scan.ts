// The company's last finished scan of the service ("New in the last scan" lists the findings it found
// first): the newest done import among the latest ones listScans answers, read again when `refreshKey`
// changes.
import { useEffect, useState } from 'react';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import type { ScanImportRecord } from '../imports/import-runner';

/** Imports looked through for the last finished one. */
const scansRead = 20;

export function useLastScan(slug: string, service: ServiceName, refreshKey: number): ScanImportRecord | undefined {
  const [lastScan, setLastScan] = useState<ScanImportRecord | undefined>(undefined);
  useEffect(() => {
    let current = true;
    callFunction('listScans', { slug, service, limit: scansRead }).then(
      (page) => current && setLastScan(page.scans.find((scan) => scan.status === 'done')),
      (caught: unknown) => console.warn('Reading the last scan failed', caught),
    );
    return () => {
      current = false;
    };
  }, [slug, service, refreshKey]);
  return lastScan;
}
