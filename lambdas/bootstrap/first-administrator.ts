// CloudFormation custom resource: creates the first administrator (level 9 analyst) on deploy.
// Update and Delete leave the user alone: people are managed in the portal from then on.
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { readConfig } from '../kernel/config.js';
import { ensureUser } from '../kernel/users/create-user.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';

readConfig();

export const handler = observedHandler(
  'firstAdministrator',
  async (event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string }> => {
    const email = String(event.ResourceProperties.Email ?? '')
      .trim()
      .toLowerCase();
    if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
    if (!/^\S+@\S+$/.test(email)) throw new Error('The firstAdminEmail parameter is not an e-mail address');
    await ensureUser({ email, userType: 'analyst', accessLevel: 9, createdBy: 'deployment' });
    return { PhysicalResourceId: `first-administrator:${email}` };
  },
);
