// One DynamoDB client per process (created once at module scope, reused across invocations), captured by the
// tracer: each request is a subsegment of the function's X-Ray trace (off outside Lambda, see observability/tracer.ts).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from '../observability/tracer.js';

export const dynamoDbClient = tracer.captureAWSv3Client(new DynamoDBClient({}));

export const documentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true },
});
