// The SES identity mail is sent from by default (MAIL_FROM), the grant to send as the account's identities, and
// the grant to manage them (/admin/keys_email chooses a sender per kind of mail among verified identities).
import { Stack } from 'aws-cdk-lib';
import { type IGrantable, type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

// Region and account are pseudo parameters in an environment-agnostic stack, themselves in a stack bound to them.
const identitiesFinding =
  /^Resource::arn:<AWS::Partition>:ses:(<AWS::Region>|[a-z]{2}(-[a-z]+)+-\d):(<AWS::AccountId>|\d{12}):identity\/\*$/;
const roleOf = (grantee: IGrantable) => (grantee as { role?: IRole }).role;

export interface PortalMailProps {
  /** The sender address (MAIL_FROM). */
  readonly senderEmail: string;
  /**
   * Create the SES e-mail identity (SES then mails a verification link to the address). Turn off when the
   * address is already a verified identity in this account and region, or CloudFormation fails on the duplicate.
   * @default true
   */
  readonly createIdentity?: boolean;
}

export class PortalMail extends Construct {
  readonly senderEmail: string;
  private readonly identitiesArn: string;

  constructor(scope: Construct, id: string, props: PortalMailProps) {
    super(scope, id);
    const domain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(props.senderEmail)?.[1];
    if (!domain) throw new Error(`senderEmail "${props.senderEmail}" is not an e-mail address`);
    this.senderEmail = props.senderEmail;

    if (props.createIdentity ?? true) {
      new EmailIdentity(this, 'SenderIdentity', { identity: Identity.email(props.senderEmail) });
    }
    // SES authorises a send against the address identity, or the domain identity when only the domain is verified.
    // The senders are chosen at run time among this account's identities (mail settings), so the grant names
    // the identities of this account and region, not one address; SES refuses any identity not verified.
    this.identitiesArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
  }

  /** Lets the grantee send mail from the account's verified identities (this region). */
  grantSend(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [this.identitiesArn] }),
    );
    const role = roleOf(grantee);
    if (role) {
      acknowledgeWildcardGrants(
        role,
        [identitiesFinding],
        "The account's SES identities in this region: senders are chosen at run time among them " +
          '(/admin/keys_email, level 9 only), and SES sends only from verified ones.',
      );
    }
  }

  /**
   * Lets the grantee list, create and delete sending identities (SES API v1). Creating and deleting name the
   * account's identities; listing and describing them take no resource in IAM (SES's service authorization
   * reference lists no resource type for them), so they are granted on '*'.
   */
  grantManageIdentities(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:VerifyDomainIdentity', 'ses:VerifyDomainDkim', 'ses:VerifyEmailIdentity', 'ses:DeleteIdentity'],
        resources: [this.identitiesArn],
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:ListIdentities', 'ses:GetIdentityVerificationAttributes', 'ses:GetIdentityDkimAttributes'],
        resources: ['*'],
      }),
    );
    const role = roleOf(grantee);
    if (role) {
      acknowledgeWildcardGrants(
        role,
        [identitiesFinding, /^Resource::\*$/],
        "The account's SES identities in this region, managed from /admin/keys_email (level 9 only); " +
          'ListIdentities and GetIdentity*Attributes take no resource in IAM.',
      );
    }
  }
}
