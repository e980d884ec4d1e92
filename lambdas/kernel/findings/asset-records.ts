// The asset inventory as listAssets answers it.
import type { ServiceName } from '../access/rules.js';
import type { AssetRowOutput } from '../../contracts/findings.js';
import { queryAssets, type StoredAsset } from '../data/entities/assets.js';
import { filterKey } from '../search/search-text.js';

export async function listAssetsPage(
  slug: string,
  service: ServiceName,
  page: { filter?: string; cursor?: string; limit: number },
): Promise<{ items: AssetRowOutput[]; nextCursor?: string }> {
  const { items, nextCursor } = await queryAssets(slug, service, { ...page, filter: filterKey(page.filter) });
  return { items: items.map(assetRow), nextCursor };
}

export function assetRow(asset: StoredAsset): AssetRowOutput {
  return {
    key: asset.key,
    kind: asset.kind,
    name: asset.name,
    parentKey: asset.parentKey,
    services: [asset.service as ServiceName],
    firstSeenAt: asset.firstSeenAt,
    lastSeenAt: asset.lastSeenAt,
    lastImportId: asset.lastImportId,
    detail: asset.detail,
  };
}
