// A customer company, keyed by its slug, with the service flags of spec section 3.
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

export const companySchema = {
  model: { entity: 'company', version: '1', service: 'portal' },
  attributes: {
    slug: { type: 'string', required: true, readOnly: true },
    companyName: { type: 'string', required: true },
    enableViewProjectMarianaResults: { type: 'boolean', default: false },
    enableViewProjectMarianaStats: { type: 'boolean', default: false },
    enableDast: { type: 'boolean', default: false },
    enableDastTriggering: { type: 'boolean', default: false },
    enableViewResultsNetwork: { type: 'boolean', default: false },
    enableViewCloudScanStats: { type: 'boolean', default: false },
    enableViewCloudScanResults: { type: 'boolean', default: false },
    enableViewResultsPasswordCracking: { type: 'boolean', default: false },
    version: { type: 'number', required: true, default: () => 1 },
    updatedAt: { type: 'number', default: () => Date.now() },
    updatedBy: { type: 'string' },
  },
  indexes: {
    bySlug: {
      pk: { field: 'pk', composite: ['slug'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;
