// Every call of the product. Adding a call: its folder under calls/, and one line here.
import { createRegistry } from '../kernel/call.js';
import { getCompany } from './get-company/get-company.js';
import { getSession } from './get-session/get-session.js';
import { handleSupportEmail } from './handle-support-email/handle-support-email.js';
import { listEvents } from './list-events/list-events.js';
import { sendSignInLink } from './send-sign-in-link/send-sign-in-link.js';
import { setDefaultCompany } from './set-default-company/set-default-company.js';
import { watchSession } from './watch-session/watch-session.js';

export const callRegistry = createRegistry([
  sendSignInLink,
  getSession,
  watchSession,
  getCompany,
  setDefaultCompany,
  handleSupportEmail,
  listEvents,
]);
