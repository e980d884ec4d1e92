// The Lambda behind every /api/calls/{name} route.
import { callRegistry } from '../calls/registry.js';
import { readConfig } from '../kernel/config.js';
import { makeCallHandler } from '../kernel/http/call-handler.js';

readConfig(); // fail at cold start, loudly, on a missing or malformed setting

export const handler = makeCallHandler(callRegistry);
