// A finding template's id, as the template library's calls and the curation's (applying a template to findings)
// take it. The library's own schemas are the calls' (calls/shared/template-schemas.ts).
import * as z from 'zod/mini';

export const templateId = z.string().check(z.regex(/^[a-zA-Z0-9_.-]{1,100}$/, 'must be a template id'));
