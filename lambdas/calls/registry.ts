// Every call of the product. Adding a call: its folder under calls/, and one line here.
import { createRegistry } from '../kernel/call.js';
import { getSession } from './get-session/get-session.js';
import { sendSignInLink } from './send-sign-in-link/send-sign-in-link.js';

export const callRegistry = createRegistry([sendSignInLink, getSession]);
