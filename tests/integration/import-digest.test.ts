// The import digest against DynamoDB Local: written in as many pages as it needs and read back whole, one
// generation kept, not trusted while an import is writing, and the status log absorbed only where unchanged.
import { randomBytes, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import {
  absorbStatusLog,
  importDigestPartition,
  markImportDigestWriting,
  readImportDigest,
  readStatusLog,
  statusLogWrite,
  writeImportDigest,
  type ImportDigest,
} from '../../lambdas/kernel/data/entities/import-digest.js';
import { transactWithRetry } from '../../lambdas/kernel/data/transactions.js';

const service = 'dast';

function digestOf(findings: number, assets: number): ImportDigest {
  const digest: ImportDigest = { findings: new Map(), assets: new Map(), fileSha256: randomBytes(32).toString('hex') };
  for (let index = 0; index < findings; index += 1) {
    digest.findings.set(randomBytes(16).toString('hex'), {
      // Random hashes deflate badly: 20,000 of them need more than one 300 KB page.
      sourceHash: randomBytes(16).toString('base64url'),
      status: index % 7 === 0 ? 'fixed' : 'open',
      assetKey: `url:https://host-${index % 50}.example/${index}`,
      ...(index % 2 ? { assetParentKey: `host:host-${index % 50}.example` } : {}),
      toolSeverity: index % 3 ? 'medium' : 'high',
    });
  }
  for (let index = 0; index < assets; index += 1) {
    digest.assets.set(`host:host-${index}.example`, {
      firstSeenAt: 1_700_000_000_000 + index,
      firstImportId: `import-${index}`,
      lastSeenAt: 1_800_000_000_000 + index,
    });
  }
  return digest;
}

async function pagesOf(slug: string): Promise<string[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: readConfig().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :pages)',
      ExpressionAttributeValues: { ':pk': importDigestPartition(slug, service), ':pages': 'P#' },
    }),
  );
  return Items.map((item) => String(item.sk));
}

describe('the import digest', () => {
  it('is read back exactly as written, in several pages when large, and keeps one generation', async () => {
    const slug = `digest-${randomUUID().slice(0, 8)}`;
    expect(await readImportDigest(slug, service)).toBeUndefined();

    const large = digestOf(20_000, 500);
    await writeImportDigest(slug, service, large);
    const firstPages = await pagesOf(slug);
    expect(firstPages.length).toBeGreaterThan(1);
    expect(await readImportDigest(slug, service)).toEqual(large);

    const small = digestOf(10, 3);
    await writeImportDigest(slug, service, small);
    expect(await readImportDigest(slug, service)).toEqual(small);
    const secondPages = await pagesOf(slug);
    expect(secondPages).toHaveLength(1);
    expect(firstPages).not.toContain(secondPages[0]);
  });

  it('is not trusted while an import is writing, until that import writes it anew', async () => {
    const slug = `digest-${randomUUID().slice(0, 8)}`;
    const digest = digestOf(5, 1);
    await writeImportDigest(slug, service, digest);
    await markImportDigestWriting(slug, service, 'import-that-crashed');
    expect(await readImportDigest(slug, service)).toBeUndefined();
    await writeImportDigest(slug, service, digest);
    expect(await readImportDigest(slug, service)).toEqual(digest);
  });

  it('absorbs only the logged statuses that did not change since they were read', async () => {
    const slug = `digest-${randomUUID().slice(0, 8)}`;
    await transactWithRetry([
      statusLogWrite(slug, service, 'a', 'fixed', 1),
      statusLogWrite(slug, service, 'b', 'false_positive', 1),
    ]);
    const read = await readStatusLog(slug, service);
    expect(read.map(({ id, status }) => [id, status]).sort()).toEqual([
      ['a', 'fixed'],
      ['b', 'false_positive'],
    ]);
    // Changed again after the import read it: the newer status stays for the next import.
    await transactWithRetry([statusLogWrite(slug, service, 'b', 'open', 2)]);
    await absorbStatusLog(slug, service, read);
    expect(await readStatusLog(slug, service)).toEqual([{ id: 'b', status: 'open', at: 2 }]);
  });
});
