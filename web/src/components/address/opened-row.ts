// The row a page shows opened below its table, kept in the address (?finding=<id>, ?template=<id>) so it can be
// linked; plain functions, so the pages' address modules and their tests need no component.

/** The query with `param` set to the row's id (or removed), the other parameters kept: '?…' or ''. */
export function withOpenedRow(search: string, param: string, rowId: string | undefined): string {
  const params = new URLSearchParams(search);
  if (rowId) params.set(param, rowId);
  else params.delete(param);
  const query = params.toString();
  return query ? `?${query}` : '';
}
