// The portal's business metrics: Powertools Metrics in CloudWatch's Embedded Metric Format, one JSON line on stdout
// per flush that CloudWatch Logs turns into metrics of the namespace SecurityPortal (locally the line stays in the
// log, as it would without CloudWatch). Every metric carries the dimension `service`, the function counting it (its
// name in infra/constructs/lambda-bundling.ts); one with a dimension of its own (the import's tool, the sign-in's
// method) is written at once, in a line of its own, so two imports of one batch never mix their tools. The rest is
// flushed when the invocation ends (observed-handler.ts). POWERTOOLS_METRICS_DISABLED=true writes nothing.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { currentInvocation } from './invocation.js';

export const metricsNamespace = 'SecurityPortal';

/** The names the operators' dashboard and alarms read: keep them as they are. */
export type PortalMetric =
  | 'SignInLinkSent'
  | 'SignInLinkFailed'
  | 'SignInCompleted'
  | 'ImportCompleted'
  | 'ImportFailed'
  | 'FindingsWritten'
  | 'ExportCompleted'
  | 'ExportFailed'
  | 'WebhookDelivered'
  | 'WebhookFailed'
  | 'DastScanCompleted';

// One buffer per function: on AWS a process runs one; the local stack runs them all in one process.
const byService = new Map<string, Metrics>();

/** The metrics of function `service`; outside any (a script), of the service POWERTOOLS_SERVICE_NAME names. */
export function metricsOf(service: string | undefined): Metrics {
  const key = service ?? '';
  let metrics = byService.get(key);
  if (!metrics) {
    metrics = new Metrics({ namespace: metricsNamespace, ...(service ? { serviceName: service } : {}) });
    byService.set(key, metrics);
  }
  return metrics;
}

/** Counts `value` of `name` for the current invocation's function; with dimensions, in a line written now. */
export function countMetric(name: PortalMetric, value = 1, dimensions?: Record<string, string>): void {
  const metrics = metricsOf(currentInvocation().service);
  if (!dimensions) {
    metrics.addMetric(name, MetricUnit.Count, value);
    return;
  }
  const single = metrics.singleMetric();
  for (const [dimension, dimensionValue] of Object.entries(dimensions)) single.addDimension(dimension, dimensionValue);
  single.addMetric(name, MetricUnit.Count, value);
}

/** Writes what function `service` counted; nothing counted, nothing written (Powertools would warn each time). */
export function publishMetrics(service: string | undefined): void {
  const metrics = metricsOf(service);
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
