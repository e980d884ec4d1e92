// Runs one import (the import function's work). Filled in by the import pipeline.
export async function runScanImport(_importId: string): Promise<void> {
  throw new Error('not yet');
}
