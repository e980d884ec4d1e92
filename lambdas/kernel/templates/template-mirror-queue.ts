// Asks for the template library to be mirrored to a real Algolia application after a template write of
// the API, when one is configured (ALGOLIA_ADMIN_KEY or ALGOLIA_ADMIN_KEY_SECRET_ARN). The mirror itself
// runs in the worker (lambdas/import: the Algolia client would take the API function's bundle over its
// budget), from a message group of its own on the work queue, so the runs these requests start follow one
// another. Queueing is best effort: the user's write has succeeded, and a change whose request is lost is
// sent by the next mirror run (template-mirror.ts reads every change since its marker).
import { randomUUID } from 'node:crypto';
import { algoliaMirrorConfigured } from '../config.js';
import { queueWork } from '../findings/import-queue.js';
import { logger } from '../logger.js';

/** The work queue's message group of the mirror: one run at a time, in order. */
export const templateMirrorGroup = 'template-mirror';

/** Queues a mirror run if a real Algolia application is configured; never throws. */
export async function queueTemplateMirror(): Promise<void> {
  if (!algoliaMirrorConfigured()) return;
  try {
    // An id of its own: a run queued after a write must not be taken for one queued before it.
    await queueWork({ kind: 'templateMirror', id: randomUUID() }, templateMirrorGroup);
  } catch (error) {
    logger.error('Could not queue the Algolia mirror; the next mirror run sends this change', {
      error: (error as Error).name,
    });
  }
}
