// One finding as the analysts' detail shows it: getFinding's answer to an analyst (a customer's answer,
// `view: 'customer'`, has fewer fields). The detail and its parts (curation, template, tables) read it.
import type { CallOutput } from '../../../../api/call-client';

export type FindingDetailRecord = Extract<CallOutput<'getFinding'>, { view: 'analyst' }>;
