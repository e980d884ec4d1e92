// A reference to a Secrets Manager secret (its ARN or its name), told apart from a secret pasted by mistake.
// Names are what Secrets Manager allows (letters, digits, /_+=.@-, at most 512), but a reference is refused when
// it looks like a credential: a known key prefix, or a long unbroken run of letters and digits mixed (an API key,
// an SMTP password, a base64 or hex key), which no readable name has.
const arnPattern = /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[A-Za-z0-9/_+=.@-]{1,512}$/;
const namePattern = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
const credentialPrefixes = /^(?:SG\.|AKIA|ASIA|re_|key-|xkeysib-|sk_|pk_|ghp_|BEGIN)/;

function looksLikeCredential(text: string): boolean {
  if (credentialPrefixes.test(text)) return true;
  for (const run of text.match(/[A-Za-z0-9+=]{20,}/g) ?? []) {
    const hasDigit = /\d/.test(run);
    const hasUpper = /[A-Z]/.test(run);
    const hasLower = /[a-z]/.test(run);
    if (hasDigit && (hasUpper || hasLower) && (run.length >= 32 || (hasUpper && hasLower))) return true;
  }
  return false;
}

export function isSecretReference(value: string): boolean {
  if (arnPattern.test(value)) return !looksLikeCredential(value.slice(value.indexOf(':secret:') + 8));
  return namePattern.test(value) && !looksLikeCredential(value);
}
