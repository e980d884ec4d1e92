// What may be said about a cracked password without saying the password: its length, its character
// classes and a masked form; and the potfile's encodings of a plain text. Nothing here returns a
// password or a hash to a caller outside the audit.
import { createHmac } from 'node:crypto';
import type { CharacterClasses } from './finding-model.js';

/** Length in characters (code points), so "Kätzle" is 6 whatever its encoding. */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

export function characterClasses(password: string): CharacterClasses {
  const classes: CharacterClasses = { lower: false, upper: false, digit: false, symbol: false };
  for (const character of password) {
    if (/\p{Ll}/u.test(character)) classes.lower = true;
    else if (/\p{Lu}/u.test(character)) classes.upper = true;
    else if (/\p{Nd}/u.test(character)) classes.digit = true;
    // Punctuation, spaces and letters without case all count as "symbol" (anything outside the three).
    else classes.symbol = true;
  }
  return classes;
}

/**
 * DPAT's sanitised form: the first and last character kept, the rest `*`. Below five characters that
 * would show half the password or more, so short passwords are masked whole.
 */
export function maskPassword(password: string): string {
  const characters = Array.from(password);
  if (characters.length <= 4) return '*'.repeat(characters.length);
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`;
}

/** A reuse-group key: HMAC-SHA-256 of the NT hash with the company's key; equal for equal passwords only. */
export function reuseGroupKey(ntHash: string, companyKey: string | Uint8Array): string {
  return createHmac('sha256', companyKey).update(ntHash.toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * The plain text of a potfile line: hashcat writes `$HEX[…]` for plains with colons or bytes outside
 * ASCII (the hex of the bytes, read as UTF-8 or else Latin-1, as wordlists are one or the other). A
 * value that only looks like it (`[nothexN!]`, odd or non-hex digits) is the plain text itself.
 */
export function decodePotfilePlain(plain: string): string {
  const hex = /^\$HEX\[([0-9a-fA-F]*)\]$/i.exec(plain)?.[1];
  if (hex === undefined || hex.length % 2 !== 0) return plain;
  const bytes = Buffer.from(hex, 'hex');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}
