// Masking secrets in evidence text before it is stored or shown to customers: the common shapes a request or a
// note carries them in (a bearer token, a basic credential, a cookie's values, a password field, an API key, a
// JWT, an AWS access key). Pure, shared by the web (the Mask action's preview) and the server (which applies it).

export const secretPatterns = ['bearer', 'basic', 'cookie', 'password', 'apiKey', 'jwt', 'awsKey'] as const;
export type SecretPattern = (typeof secretPatterns)[number];

export const secretPatternLabels: Record<SecretPattern, string> = {
  bearer: 'Bearer tokens',
  basic: 'Basic credentials',
  cookie: 'Cookie values',
  password: 'Passwords',
  apiKey: 'API keys',
  jwt: 'JSON Web Tokens',
  awsKey: 'AWS access keys',
};

/** What a masked secret reads as. */
export const maskText = '[masked]';

/** Replaces each match's secret (what follows the first group) with the mask; counts what it masked. */
function replaceSecrets(text: string, find: RegExp, count: { masked: number }): string {
  return text.replace(find, (whole: string, kept: string) => {
    if (whole.slice(kept.length) === maskText) return whole;
    count.masked += 1;
    return `${kept}${maskText}`;
  });
}

const cookieValue = /((?:^|;)\s*[^=;\s]+=)[^;\r\n]*/g;

/** Each pattern's masking of a text. */
const rules: Record<SecretPattern, (text: string, count: { masked: number }) => string> = {
  bearer: (text, count) => replaceSecrets(text, /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, count),
  basic: (text, count) => replaceSecrets(text, /\b(Basic\s+)[A-Za-z0-9+/=]{8,}/gi, count),
  // Every value of a Cookie header; a Set-Cookie's value only (its attributes stay readable).
  cookie: (text, count) =>
    text
      .replace(/^(Cookie:[ \t]*)([^\r\n]*)/gim, (_line, name: string, values: string) => {
        const masked = values.replace(cookieValue, (whole: string, kept: string) => {
          if (whole.slice(kept.length) === maskText || whole.length === kept.length) return whole;
          count.masked += 1;
          return `${kept}${maskText}`;
        });
        return `${name}${masked}`;
      })
      .replace(/^(Set-Cookie:[ \t]*[^=;\s]+=)[^;\r\n]+/gim, (whole: string, kept: string) => {
        if (whole.slice(kept.length) === maskText) return whole;
        count.masked += 1;
        return `${kept}${maskText}`;
      }),
  password: (text, count) =>
    replaceSecrets(text, /((?:pass(?:word)?|passwd|pwd|secret)["']?\s*[:=]\s*["']?)[^"'&\s,;}]+/gi, count),
  apiKey: (text, count) =>
    replaceSecrets(
      text,
      /((?:api[_-]?key|x-api-key|access[_-]?token|client[_-]?secret)["']?\s*[:=]\s*["']?)[^"'&\s,;}]+/gi,
      count,
    ),
  jwt: (text, count) => replaceSecrets(text, /()\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, count),
  awsKey: (text, count) => replaceSecrets(text, /()\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, count),
};

/** Replaces every secret of the chosen patterns with `[masked]`; answers the text and how many were masked. */
export function maskSecrets(text: string, patterns: readonly SecretPattern[]): { text: string; masked: number } {
  const count = { masked: 0 };
  let result = text;
  for (const pattern of new Set(patterns)) result = rules[pattern](result, count);
  return { text: result, masked: count.masked };
}
