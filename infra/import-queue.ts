// The import queue's delivery settings and its function's memory, defined once: the CDK (constructs/imports.ts)
// gives them to the FIFO queue, its event source mapping and the import function on AWS, the local stack
// (local/stack.ts) to its queue stand-in, so a message is tried as often in both places, and the bench
// (scripts/bench-imports.ts) starts its measured import with the heap flags Lambda derives from this memory.

/** Receives of one message before the queue moves it to the dead-letter queue (the redrive policy). */
export const importMaxReceiveCount = 3;

/** Messages per invocation of the import function: one import per run, whatever its size. */
export const importBatchSize = 1;

/**
 * The import function's memory, MiB. Lambda's Node.js runtime sizes V8's heap from it (a tenth for the young
 * generation), so it also sets how much garbage an import holds before a collection: the bench measures the
 * largest import with those flags against its budget (bench/budgets.json importPeakRssMiB, docs/budgets.md).
 */
export const importFunctionMemoryMiB = 1024;
