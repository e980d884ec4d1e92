// In Lambda the credentials are always the function role's, in environment variables. The SDK's default
// chain (profiles, SSO, IMDS, containers, web identity) is dead weight there, about 90 KB of every bundle,
// so the Lambda build (infra/constructs/lambda-bundling.ts) aliases @aws-sdk/credential-provider-node to
// this module. Unbundled code, such as the local stack, keeps the SDK's own chain.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
