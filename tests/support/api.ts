// Calls the API through the local origin, as the web app does.
import { inject } from 'vitest';

export async function postCall(
  name: string,
  body: unknown,
  options: { token?: string; origin?: string; raw?: boolean } = {},
): Promise<{ status: number; body: any }> {
  const { appUrl } = inject('localStack');
  const response = await fetch(`${appUrl}/api/calls/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: options.origin ?? appUrl,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.raw ? (body as string) : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed };
}
