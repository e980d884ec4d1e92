// The portal's single DynamoDB table, built from the key design the handlers and the local stack share,
// with grants that name the table and its indexes exactly (no wildcard, and no Scan: no request path scans).
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
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
  /**
   * Use this existing table instead of the stack's own: a table restored to a point in time (docs/operations.md,
   * "Restoring the table"), with the same key design and indexes. The stack's own table then leaves the stack and
   * is kept (retained), untouched. Point-in-time recovery and TTL of the restored table are the operator's to turn
   * on (a restore does not carry them over).
   * @default - the stack's own table
   */
  readonly existingTableName?: string;
}

export class PortalData extends Construct {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: PortalDataProps = {}) {
    super(scope, id);

    if (props.existingTableName) {
      this.table = Table.fromTableAttributes(this, 'Table', {
        tableName: props.existingTableName,
        globalIndexes: tableDesign.globalSecondaryIndexes.map((index) => index.indexName),
      });
      return;
    }
    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    for (const index of tableDesign.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.table = table;
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
