// cdk-nag 3 acknowledges each IAM wildcard finding by its exact text, which embeds logical ids and the CDK
// asset bucket's name. This lists a policy's findings as cdk-nag computes them and acknowledges only those
// of the expected shapes: any other wildcard still fails the check.
import { Validations } from 'aws-cdk-lib';
import type { CfnPolicy, IRole } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';

/** Call after every grant to the role has been made. */
export function acknowledgeWildcardGrants(role: IRole, expected: readonly RegExp[], reason: string): void {
  const policy = role.node.tryFindChild('DefaultPolicy');
  const cfnPolicy = policy?.node.defaultChild as CfnPolicy | undefined;
  if (!policy || !cfnPolicy) return;
  const findings = rules.iam.IAMNoWildcardPermissions(cfnPolicy);
  if (!Array.isArray(findings)) return;
  for (const finding of findings) {
    if (expected.some((pattern) => pattern.test(finding))) {
      Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
  }
}
