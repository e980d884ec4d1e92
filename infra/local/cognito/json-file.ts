// One JSON document on disk, kept whole in memory by its owner and rewritten after each change.
// Writes go to a temporary file that is then renamed over the old one, so a crash mid-write
// leaves either the old or the new document, never half of one; writes are queued so that they
// land in the order the changes were made.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export class JsonFile<T> {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  async read(): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Resolves once this value (and every earlier one) is on disk. */
  write(value: T): Promise<void> {
    // Serialise now: the caller may keep mutating its object after this returns.
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const next = this.queue.then(() => this.replace(text));
    // A failed write must not block later ones; the caller of the failed write still sees its error.
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Waits for queued writes, e.g. before shutting down. */
  flush(): Promise<void> {
    return this.queue;
  }

  private async replace(text: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // 0600: these files hold a signing key and refresh-token records.
      await writeFile(temp, text, { mode: 0o600 });
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
