// SQS SendMessage to a FIFO queue, as one SigV4-signed request of SQS's JSON protocol 1.0 (the protocol the AWS SDK
// speaks to SQS) through kernel/aws/json-request.ts rather than @aws-sdk/client-sqs: the client added 24 KB to the
// API's bundle, past its 600 KB budget, for this one operation. The body's MD5 that SQS answers is checked as the
// SDK checks it. Locally the same code reaches the queue stand-in of `npm start` (AWS_ENDPOINT_URL_SQS). A message
// sent while a request is handled carries its id (the message attribute `correlationId`): the worker's logs name it.
import { createHash } from 'node:crypto';
import { AwsServiceError, awsJsonRequest } from '../aws/json-request.js';
import { region } from '../findings/uploads.js';
import { correlationIdAttribute, currentCorrelationId } from '../observability/invocation.js';

export interface FifoMessage {
  body: string;
  groupId: string;
  deduplicationId: string;
}

const endpoint = () => new URL(process.env.AWS_ENDPOINT_URL_SQS ?? `https://sqs.${region()}.amazonaws.com`);

/** Sends one message (retried as json-request.ts retries); an answer of another body's MD5 is refused. */
export async function sendFifoMessage(queueUrl: string, message: FifoMessage): Promise<{ messageId: string }> {
  const answer = await awsJsonRequest({
    service: 'sqs',
    endpoint: endpoint(),
    target: 'AmazonSQS.SendMessage',
    jsonVersion: '1.0',
    input: {
      QueueUrl: queueUrl,
      MessageBody: message.body,
      MessageGroupId: message.groupId,
      MessageDeduplicationId: message.deduplicationId,
      ...correlationAttributes(),
    },
  });
  const md5 = createHash('md5').update(message.body, 'utf8').digest('hex');
  if (answer.MD5OfMessageBody !== md5) {
    throw new AwsServiceError('InvalidChecksum', 'SQS answered another MD5 of the message body', 200);
  }
  return { messageId: String(answer.MessageId) };
}

function correlationAttributes(): { MessageAttributes?: Record<string, { DataType: 'String'; StringValue: string }> } {
  const correlationId = currentCorrelationId();
  return correlationId
    ? { MessageAttributes: { [correlationIdAttribute]: { DataType: 'String', StringValue: correlationId } } }
    : {};
}
