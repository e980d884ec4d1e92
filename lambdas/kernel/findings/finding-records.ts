import type { ServiceName } from '../access/rules.js';
import type { FindingDetailOutput, FindingFilterInput, FindingRowOutput } from '../../calls/shared/finding-schemas.js';

export async function listFindingsPage(
  _slug: string,
  _service: ServiceName,
  _page: { filter?: FindingFilterInput; descending: boolean; cursor?: string; limit: number },
): Promise<{ items: FindingRowOutput[]; nextCursor?: string }> {
  return { items: [] };
}

export async function readFindingDetail(
  _slug: string,
  _service: ServiceName,
  _findingId: string,
): Promise<FindingDetailOutput | undefined> {
  return undefined;
}
