// A secret's text from Secrets Manager (GetSecretValue), as one signed JSON request (json-request.ts says why
// not the SDK client). AWS_ENDPOINT_URL_SECRETS_MANAGER points it elsewhere, as it does the SDK.
import { region } from '../findings/uploads.js';
import { awsJsonRequest } from './json-request.js';

const endpoint = () =>
  new URL(process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? `https://secretsmanager.${region()}.amazonaws.com`);

/** The secret's SecretString (undefined for a binary secret). */
export async function secretString(secretId: string): Promise<string | undefined> {
  const answer = await awsJsonRequest({
    service: 'secretsmanager',
    endpoint: endpoint(),
    target: 'secretsmanager.GetSecretValue',
    input: { SecretId: secretId },
  });
  return typeof answer.SecretString === 'string' ? answer.SecretString : undefined;
}
