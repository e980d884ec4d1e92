// Every product function's handler runs through here: its own subsegment in the function's X-Ray trace (annotated
// with the service and cold start), the invocation's function and correlation id for the logs and metrics (the API
// request id; a worker sets each message's own), the Lambda context in the log lines, and the metrics flushed when
// it ends, answered or thrown.
import type { Context } from 'aws-lambda';
import { logger } from '../logger.js';
import { runInvocation } from './invocation.js';
import { publishMetrics } from './metrics.js';
import { tracer } from './tracer.js';

export interface ObservedOptions<E> {
  /** The invocation's correlation id, read from its event (the API request id). */
  correlationId?: (event: E) => string | undefined;
}

/**
 * `handler` as function `service` (its name in infra/constructs/lambda-bundling.ts, e.g. scanImport) runs it. The
 * context is optional: the local stack and the tests call handlers with the event alone.
 */
export function observedHandler<E, R>(
  service: string,
  handler: (event: E, context?: Context) => Promise<R>,
  options: ObservedOptions<E> = {},
): (event: E, context?: Context) => Promise<R> {
  return async (event, context) => {
    if (context) logger.addContext(context);
    const segment = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
    const subsegment = segment?.addNewSubsegment(`## ${service}`);
    if (subsegment) {
      tracer.setSegment(subsegment);
      tracer.annotateColdStart();
      tracer.putAnnotation('Service', service);
    }
    try {
      const correlationId = options.correlationId?.(event);
      return await runInvocation({ service, correlationId }, () => handler(event, context));
    } catch (error) {
      tracer.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      if (segment && subsegment) {
        subsegment.close();
        tracer.setSegment(segment);
      }
      publishMetrics(service);
    }
  };
}
