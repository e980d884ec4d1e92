// The portal's single DynamoDB table, built from the key design the handlers and the local stack share,
// with grants that name the table and its indexes exactly (no wildcard, and no Scan: no request path scans).
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDesign } from '../../lambdas/kernel/data/table-design.js';

const readActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export interface PortalDataProps {
  /**
   * What happens to the table (and every record in it) when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

export class PortalData extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: PortalDataProps = {}) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    for (const index of tableDesign.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /** Reads items and queries the table and its indexes. */
  grantRead(grantee: IGrantable): void {
    this.grant(grantee, readActions);
  }

  /** Writes items, without reading them. */
  grantWrite(grantee: IGrantable): void {
    this.grant(grantee, writeActions);
  }

  grantReadWrite(grantee: IGrantable): void {
    this.grant(grantee, [...readActions, ...writeActions]);
  }

  private grant(grantee: IGrantable, actions: string[]): void {
    const indexArns = tableDesign.globalSecondaryIndexes.map(
      (index) => `${this.table.tableArn}/index/${index.indexName}`,
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions, resources: [this.table.tableArn, ...indexArns] }),
    );
  }
}
