// A display name travels into other people's mail ("Ada Admin invited you") and onto every page that
// names its owner: it must be a plain name, never a link, an address or text that reorders itself.

/** Control characters and the invisible marks that reverse or isolate text (Trojan-Source style). */
const hiddenOrControl = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF]/u;
/**
 * Anything a mail reader would show as a link: www., // (which every scheme:// address contains), an e-mail or a
 * domain name. The domain pattern backtracks on long runs of labels (seconds on 100 KB), so it only ever reads a
 * name within the length limit; the `scheme://` pattern it once had was slower still and found nothing `//` misses.
 */
const linkLike = /(\bwww\.|\/\/|@|\b[a-z0-9-]{2,63}(\.[a-z0-9-]{1,63})*\.[a-z]{2,24}\b)/iu;
const markup = /[<>]/;
const displayNameMaxLength = 100;

/** What is wrong with a display name, or undefined for a plain name. */
export function displayNameProblem(name: string): string | undefined {
  // First, so the patterns below only ever read a short text, whatever size of body reached the server.
  if (name.length > displayNameMaxLength) return `must be at most ${displayNameMaxLength} characters`;
  if (hiddenOrControl.test(name)) return 'must not contain control or text-direction characters';
  if (markup.test(name)) return 'must not contain < or >';
  if (linkLike.test(name)) return 'must be a plain name, without web or e-mail addresses';
  return undefined;
}

/** The name to show others: the display name when it is a plain one, else the fallback (the e-mail). */
export function plainNameOr(name: string | undefined, fallback: string): string {
  return name && !displayNameProblem(name) ? name : fallback;
}
