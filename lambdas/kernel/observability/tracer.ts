// X-Ray tracing with Powertools Tracer: the AWS SDK clients are captured where they are made (kernel/data/client.ts)
// and every HTTP request (fetch and http/https: the signed requests to SQS, SES, Secrets Manager, Cognito, S3;
// webhooks; Algolia) becomes a subsegment. Tracer switches itself off outside Lambda (no AWS_EXECUTION_ENV) and when
// POWERTOOLS_TRACE_ENABLED is false: locally nothing is sent and no X-Ray daemon is needed.
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer();
