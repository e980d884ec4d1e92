// The import queue's delivery settings, defined once: the CDK (constructs/imports.ts) gives them to the
// FIFO queue and its event source mapping on AWS, and the local stack (local/stack.ts) to its queue
// stand-in, so a message is tried as often in both places.

/** Receives of one message before the queue moves it to the dead-letter queue (the redrive policy). */
export const importMaxReceiveCount = 3;

/** Messages per invocation of the import function: one import per run, whatever its size. */
export const importBatchSize = 1;
