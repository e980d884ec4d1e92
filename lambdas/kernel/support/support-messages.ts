// Support messages: stored first, then mailed to the provider; the stored record says whether the mail
// went out, so a mail failure loses nothing and an operator can see what is waiting.
import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Caller } from '../access/caller.js';
import { readConfig } from '../config.js';
import { supportMessageEntity } from '../data/entities/support-messages.js';
import { eventWrite } from '../events/events.js';
import { logger } from '../logger.js';
import { escapeHtml, sendMail } from '../mail/mailer.js';

export async function submitSupportMessage(
  caller: Caller,
  input: { message: string; requestType: string },
  requestId: string,
): Promise<{ delivered: boolean }> {
  const id = randomUUID();
  const now = Date.now();
  await execute(
    supportMessageEntity.build(PutTransaction).item({
      id,
      message: input.message,
      requestType: input.requestType,
      createdAt: now,
      createdByUid: caller.uid,
      createdByEmail: caller.email,
      delivery: 'pending',
    }),
    eventWrite(
      caller,
      {
        type: 'supportMessageSent',
        summary: `Sent a ${input.requestType} message to support`,
        after: { requestType: input.requestType },
      },
      now,
    ),
  );

  let delivered = true;
  try {
    const { SUPPORT_MAIL_TO, PRODUCT_NAME } = readConfig();
    const from = caller.user?.displayName ? `${caller.user.displayName} <${caller.email}>` : caller.email;
    await sendMail({
      to: SUPPORT_MAIL_TO,
      replyTo: caller.email,
      subject: `[${PRODUCT_NAME}] ${input.requestType} from ${caller.email}`,
      text: `Request type: ${input.requestType}\nFrom: ${from}\nMessage id: ${id}\n\n${input.message || '(no message)'}`,
      html: `<p>Request type: ${escapeHtml(input.requestType)}<br>From: ${escapeHtml(from)}<br>Message id: ${id}</p><pre style="white-space:pre-wrap">${escapeHtml(input.message || '(no message)')}</pre>`,
    });
  } catch (error) {
    delivered = false;
    logger.error('Support message stored but not mailed', {
      requestId,
      messageId: id,
      errorName: (error as Error).name,
    });
  }
  await supportMessageEntity
    .build(UpdateItemCommand)
    .item({ createdByUid: caller.uid, createdAt: now, id, delivery: delivered ? 'sent' : 'failed' })
    .send();
  return { delivered };
}
