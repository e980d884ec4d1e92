// The caller the demo seeding acts as: a demo analyst, through the same domain functions the calls run, with the
// access record the API would load for them (no company list: an analyst of level 7 sees every company).
import type { Caller } from '../../lambdas/kernel/access/caller.js';

export function demoAnalystCaller(analyst: { uid: string; email: string }, accessLevel = 7): Caller {
  return {
    uid: analyst.uid,
    email: analyst.email,
    authTime: Date.now(),
    user: undefined,
    access: {
      uid: analyst.uid,
      email: analyst.email,
      claims: { userType: 'analyst', accessLevel },
      companies: [],
      servicesEnabled: [],
      servicesManaged: [],
      version: 1,
    },
    preferences: undefined,
  };
}
