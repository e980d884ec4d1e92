// Sign-in: a Cognito user pool whose ways in are the custom challenge answered with the token of a mailed link
// (the four triggers decide) and a passkey (Cognito's own WebAuthn, USER_AUTH's WEB_AUTHN challenge), the web's
// app client, and the HMAC key that hashes e-mails in table keys.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPool,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  PasskeyUserVerification,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';

export interface PortalAuthProps {
  /** The table the verify and pre-token-generation triggers read (and the verify trigger writes). */
  readonly data: PortalData;
  /**
   * Cognito feature plan. Passkeys (choice-based sign-in, USER_AUTH) need Essentials; PLUS adds threat protection
   * at a higher per-user price. Lite cannot have passkeys.
   * @default FeaturePlan.ESSENTIALS
   */
  readonly featurePlan?: FeaturePlan;
  /**
   * What happens to the user pool (every identity) when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

export class PortalAuth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The HMAC key for e-mails and addresses in table keys (SIGN_IN_SECRET_ARN). */
  readonly signInSecret: Secret;
  /** The four sign-in triggers' functions. */
  readonly triggers: readonly NodejsFunction[];

  constructor(scope: Construct, id: string, props: PortalAuthProps) {
    super(scope, id);
    const { data } = props;

    this.signInSecret = new Secret(this, 'SignInSecret', {
      description: 'HMAC key for e-mail addresses and client addresses in sign-in records',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.signInSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A random HMAC key, not a credential of another service: no rotation function applies. It only keys ' +
        'short-lived sign-in link and throttle records, so it can be replaced at any time, invalidating only ' +
        'links not yet used.',
    });
    const secretEnvironment = { SIGN_IN_SECRET_ARN: this.signInSecret.secretArn };

    // Cognito waits at most 5 seconds for a trigger.
    const triggerTimeout = Duration.seconds(5);
    const defineAuthChallenge = new PortalFunction(this, 'DefineAuthChallenge', {
      handler: 'defineAuthChallenge',
      description: 'Cognito DefineAuthChallenge: one custom challenge, one attempt',
      timeout: triggerTimeout,
      errorsRunbook: 'sign-in-trigger-errors',
    }).function;
    const createAuthChallenge = new PortalFunction(this, 'CreateAuthChallenge', {
      handler: 'createAuthChallenge',
      description: 'Cognito CreateAuthChallenge: asks for the token of the mailed link',
      timeout: triggerTimeout,
      errorsRunbook: 'sign-in-trigger-errors',
    }).function;
    const verifyAuthChallengeResponse = new PortalFunction(this, 'VerifyAuthChallengeResponse', {
      handler: 'verifyAuthChallengeResponse',
      description: 'Cognito VerifyAuthChallengeResponse: consumes the sign-in link of this user',
      timeout: triggerTimeout,
      errorsRunbook: 'sign-in-trigger-errors',
      environment: { TABLE_NAME: data.table.tableName, ...secretEnvironment },
    }).function;
    data.grantReadWrite(verifyAuthChallengeResponse);
    this.grantReadSignInSecret(verifyAuthChallengeResponse);
    const preTokenGeneration = new PortalFunction(this, 'PreTokenGeneration', {
      handler: 'preTokenGeneration',
      description:
        'Cognito PreTokenGeneration: adds userType, accessLevel and the sign-in proof to the ID token, records sign-ins',
      timeout: triggerTimeout,
      errorsRunbook: 'sign-in-trigger-errors',
      environment: { TABLE_NAME: data.table.tableName, ...secretEnvironment },
    }).function;
    data.grantRead(preTokenGeneration);
    // The sign-in link's record is keyed by the e-mail's HMAC: the proof the verify trigger recorded is read there.
    this.grantReadSignInSecret(preTokenGeneration);
    // A sign-in records its time on the user's profile (lastSignInAt) and claims its proof on the link's record:
    // UpdateItems, nothing else.
    preTokenGeneration.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [data.table.tableArn] }),
    );

    this.triggers = [defineAuthChallenge, createAuthChallenge, verifyAuthChallengeResponse, preTokenGeneration];

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      // No passwords, so nothing to recover: a new link is the way back in.
      accountRecovery: AccountRecovery.NONE,
      mfa: Mfa.OFF,
      // Nobody signs in with a password; the strict policy only governs the unused temporary ones Cognito generates.
      passwordPolicy: {
        minLength: 16,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(1),
      },
      featurePlan: props.featurePlan ?? FeaturePlan.ESSENTIALS,
      // Passkeys as a first factor. Cognito requires PASSWORD in the list, but nobody has a password anyone knows
      // (users are created with a suppressed invitation) and the app client allows no password flow outside
      // USER_AUTH, where a password would need one to exist.
      signInPolicy: { allowedFirstAuthFactors: { password: true, passkey: true } },
      // The authenticator must verify the person (biometrics or PIN), not only their presence.
      passkeyUserVerification: PasskeyUserVerification.REQUIRED,
      lambdaTriggers: { defineAuthChallenge, createAuthChallenge, verifyAuthChallengeResponse, preTokenGeneration },
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // The custom flow (the link) and USER_AUTH (passkeys); CDK adds ALLOW_REFRESH_TOKEN_AUTH. No password or
      // SRP flow exists to attack.
      authFlows: { custom: true, user: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      disableOAuth: true,
      // Cognito reads an empty list as "every attribute": name one harmless attribute so that no user can change
      // their own e-mail (their username, and the key of their access record) with their access token.
      writeAttributes: new ClientAttributes().withStandardAttributes({ locale: true }),
      // The window between the challenge and its answer (the web keeps sign-in state for 3 minutes).
      authSessionValidity: Duration.minutes(3),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Passwordless sign-in: the single-use, 15-minute e-mail link is the factor, and Cognito MFA only ' +
          'complements password flows, which the app client does not allow.',
      },
      ...(props.featurePlan === FeaturePlan.PLUS
        ? []
        : [
            {
              id: 'AwsSolutions-COG8',
              reason:
                'Threat protection (Plus plan) is priced per active user; its compromised-credentials check has no ' +
                'passwords to check here, and sign-in links are throttled per e-mail and per client address by the ' +
                'API and single-use by design. Set featurePlan to PLUS to add adaptive authentication.',
            },
          ]),
    );
  }

  /**
   * The passkeys' relying party: the site's domain (no scheme), known only once the web's distribution exists,
   * so it is set here rather than in the constructor. Passkeys are bound to it: changing it orphans every
   * registered passkey.
   */
  usePasskeysOn(relyingPartyId: string): void {
    (this.userPool.node.defaultChild as CfnUserPool).webAuthnRelyingPartyId = relyingPartyId;
  }

  /** GetSecretValue on the sign-in secret, nothing more. */
  grantReadSignInSecret(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.signInSecret.secretArn] }),
    );
  }
}
