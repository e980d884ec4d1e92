import type { ServiceName } from '../access/rules.js';
import type { AssetRowOutput } from '../../calls/shared/finding-schemas.js';

export async function listAssetsPage(
  _slug: string,
  _service: ServiceName,
  _page: { filter?: string; cursor?: string; limit: number },
): Promise<{ items: AssetRowOutput[]; nextCursor?: string }> {
  return { items: [] };
}
