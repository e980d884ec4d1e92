// A findings list read whole through listFindings, as a caller pages it (100 a page, following the cursor).
import { expect } from 'vitest';
import type { signedInCaller } from './signed-in-call.js';

type Caller = ReturnType<typeof signedInCaller>;

/** Every row the caller may list of a company's service, with this filter, in the list's order. */
export async function allFindings(as: Caller, slug: string, service: string, filter?: object): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | undefined;
  do {
    const answer = await as('listFindings', {
      slug,
      service,
      limit: 100,
      ...(filter ? { filter } : {}),
      ...(cursor ? { cursor } : {}),
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    rows.push(...answer.body.result.findings);
    cursor = answer.body.result.nextCursor;
  } while (cursor);
  return rows;
}
