// SQS SendMessage to a FIFO queue, as one SigV4-signed request of SQS's JSON protocol (the protocol the AWS SDK
// speaks to SQS), on the SDK's own signer and fetch rather than @aws-sdk/client-sqs: the client added 24 KB to the
// API's bundle, past its 600 KB budget, for this one operation. The body's MD5 that SQS answers is checked as the
// SDK checks it. Locally the same code reaches the queue stand-in of `npm start` (AWS_ENDPOINT_URL_SQS).
import { createHash } from 'node:crypto';
import { retryable, signedPost } from '../aws/signed-post.js';
import { region } from '../findings/uploads.js';

export interface FifoMessage {
  body: string;
  groupId: string;
  deduplicationId: string;
}

/** SQS's error: its code (`__type`, without the namespace) and message. */
export class QueueSendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = code;
  }
}

const endpoint = () => new URL(process.env.AWS_ENDPOINT_URL_SQS ?? `https://sqs.${region()}.amazonaws.com`);

async function sendOnce(queueUrl: string, message: FifoMessage): Promise<Response> {
  const url = endpoint();
  const body = JSON.stringify({
    QueueUrl: queueUrl,
    MessageBody: message.body,
    MessageGroupId: message.groupId,
    MessageDeduplicationId: message.deduplicationId,
  });
  return signedPost(
    'sqs',
    url,
    { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
    body,
  );
}

/** Sends one message; retried twice on throttling or a 5xx, as the SDK would. */
export async function sendFifoMessage(queueUrl: string, message: FifoMessage): Promise<{ messageId: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await sendOnce(queueUrl, message);
    const text = await answer.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An answer that is not JSON is an error of the transport; its status says which.
    }
    if (answer.ok) {
      const md5 = createHash('md5').update(message.body, 'utf8').digest('hex');
      if (parsed.MD5OfMessageBody !== md5) {
        throw new QueueSendError('InvalidChecksum', 'SQS answered another MD5 of the message body', answer.status);
      }
      return { messageId: String(parsed.MessageId) };
    }
    if (!retryable(answer.status) || attempt >= 3) {
      const type = typeof parsed.__type === 'string' ? parsed.__type : `HTTP${answer.status}`;
      throw new QueueSendError(
        type.split('#').pop() ?? type,
        typeof parsed.message === 'string' ? parsed.message : text.slice(0, 200),
        answer.status,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}
