// Calls the API of any local stack over HTTP, as the web app does (POST {appUrl}/api/calls/{name}, {"data": …},
// the ID token as bearer). Free of vitest: the bench and the tests that start their own stack use it.

export interface ApiAnswer {
  status: number;
  body: any;
}

export async function callApi(
  appUrl: string,
  name: string,
  data: unknown,
  options: { token?: string; timeoutMs?: number } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${appUrl}/api/calls/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: appUrl,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify({ data }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body };
}

/** Every page of a list call, following nextCursor; `key` names the array in the result. */
export async function listAll<T>(
  appUrl: string,
  name: string,
  data: Record<string, unknown>,
  key: string,
  token: string,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await callApi(appUrl, name, { ...data, ...(cursor ? { cursor } : {}) }, { token });
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    items.push(...(answer.body.result[key] as T[]));
    cursor = answer.body.result.nextCursor;
  } while (cursor);
  return items;
}
