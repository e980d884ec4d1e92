// handleSupportEmail: the contact dialog's message to the provider.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { submitSupportMessage } from '../../kernel/support/support-messages.js';
import { handleSupportEmailInput, handleSupportEmailOutput } from './contract.js';

export const handleSupportEmail = defineSignedInCall({
  name: 'handleSupportEmail',
  input: handleSupportEmailInput,
  output: handleSupportEmailOutput,
  access: signedIn,
  async run({ message, request_type }, { caller, request }) {
    const { delivered } = await submitSupportMessage(caller, { message, requestType: request_type }, request.requestId);
    return { success: delivered };
  },
});
