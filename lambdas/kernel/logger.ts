// Structured logs with request ids. Never log tokens, links, e-mail bodies or secrets.
// The lines are Powertools' own, plus `correlation_id`: the API request id, which the work it queued carries to the
// workers (kernel/observability/invocation.ts). Read per line from the invocation's async context rather than
// set on the logger, which every concurrent invocation of the local stack shares.
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentCorrelationId } from './observability/invocation.js';

class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additionalLogAttributes: LogAttributes): LogItem {
    const correlationId = currentCorrelationId();
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        ...(correlationId ? { correlation_id: correlationId } : {}),
      },
    }).addAttributes(additionalLogAttributes);
  }
}

export const logger = new Logger({ serviceName: 'portal', logFormatter: new CorrelatedLogFormatter() });
