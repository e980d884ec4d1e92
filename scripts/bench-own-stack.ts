// Runs one part of the bench alone (`tsx scripts/bench-<part>.ts`): a local stack of its own on free ports, in a
// temporary data directory, without demo data (unless `seed`); stopped and removed afterwards whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../infra/local/stack.js';
import { freePort } from '../tests/support/free-port.js';

export async function onOwnStack<T>(
  name: string,
  work: (stack: LocalStack) => Promise<T>,
  options: { seed?: boolean } = {},
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const stack = await startLocalStack({
    port: await freePort(),
    mailPort: await freePort(),
    dynamoDbPort: await freePort(),
    s3Port: await freePort(),
    sqsPort: await freePort(),
    dataDir,
    webRoot: path.resolve('web/dist'),
    seed: options.seed ?? false,
  });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
