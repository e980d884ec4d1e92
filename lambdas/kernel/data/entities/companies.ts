// A customer company, keyed by its slug, with the service flags of spec section 3.
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { companySearchText } from '../../search/row-search.js';
import { portalTable } from '../table.js';

export const companyFlags = [
  'enableViewProjectMarianaResults',
  'enableViewProjectMarianaStats',
  'enableDast',
  'enableDastTriggering',
  'enableViewResultsNetwork',
  'enableViewCloudScanStats',
  'enableViewCloudScanResults',
  'enableViewResultsPasswordCracking',
] as const;

export type CompanyFlag = (typeof companyFlags)[number];

/** Every company sits in one index partition, sorted by slug: the list analysts of level 7+ see. */
export const companyListPartition = 'COMPANIES';

const companySchema = item({
  slug: string().key(),
  companyName: string(),
  enableViewProjectMarianaResults: boolean().default(false),
  enableViewProjectMarianaStats: boolean().default(false),
  enableDast: boolean().default(false),
  enableDastTriggering: boolean().default(false),
  enableViewResultsNetwork: boolean().default(false),
  enableViewCloudScanStats: boolean().default(false),
  enableViewCloudScanResults: boolean().default(false),
  enableViewResultsPasswordCracking: boolean().default(false),
  memberCount: number().default(0),
  /** Its enabled webhook endpoints, counted by their writes (entities/webhooks.ts); never set by a company edit. */
  webhookEndpointsOn: number().optional(),
  version: number().default(1),
  updatedAt: number().default(() => Date.now()),
  updatedBy: string().optional(),
});

/** A company's item key (for raw reads beside other items, e.g. one BatchGet with a finding). */
export const companyItemKey = (slug: string) => ({ pk: `COMPANY#${slug}`, sk: 'COMPANY' });

export const companyEntity = new Entity({
  name: 'company',
  table: portalTable,
  timestamps: false,
  schema: companySchema.and((_schema) => ({
    gsi1pk: string().hidden().const(companyListPartition),
    gsi1sk: string()
      .hidden()
      .link<typeof _schema>(({ slug }) => slug),
    /** What the companies list's text filter matches; updates set it from the whole new record. */
    searchText: string()
      .optional()
      .hidden()
      .link<typeof _schema>((company) => companySearchText(company)),
  })),
  computeKey: ({ slug }) => companyItemKey(slug),
});
