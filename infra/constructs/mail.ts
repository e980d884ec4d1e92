// The SES identity every mail is sent from, and the grant to send as it (and as nobody else).
import { Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

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
  private readonly identityArns: string[];

  constructor(scope: Construct, id: string, props: PortalMailProps) {
    super(scope, id);
    const domain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(props.senderEmail)?.[1];
    if (!domain) throw new Error(`senderEmail "${props.senderEmail}" is not an e-mail address`);
    this.senderEmail = props.senderEmail;

    if (props.createIdentity ?? true) {
      new EmailIdentity(this, 'SenderIdentity', { identity: Identity.email(props.senderEmail) });
    }
    // SES authorises a send against the address identity, or the domain identity when only the domain is verified.
    const stack = Stack.of(this);
    this.identityArns = [props.senderEmail, domain].map((identity) =>
      stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
    );
  }

  /** Lets the grantee send mail from the sender address. */
  grantSend(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: this.identityArns }),
    );
  }
}
