// Stands in for `intl-messageformat` in the web build (vite.config.ts aliases it here). Cloudscape imports
// that library in two places only: its I18nProvider (this app has none: every text is English and given
// as props) and the error boundary's fallback, which formats a description the app never passes. Bundled,
// its ICU parser was about 65 KB of the chunk every page loads first, the sign-in page included.
// What the fallback could ask of it is kept: `{name}` arguments and `<Tag>chunk</Tag>` tags whose
// argument is a function of the chunks; anything else is returned as written.
type Argument = string | number | boolean | null | undefined | ((chunks: unknown[]) => unknown);

const pattern = /<(\w+)>(.*?)<\/\1>|\{(\w+)\}/gs;

export default class IntlMessageFormat {
  constructor(private readonly message: string) {}

  format(values: Record<string, Argument> = {}): unknown {
    const parts: unknown[] = [];
    let last = 0;
    for (const match of this.message.matchAll(pattern)) {
      parts.push(this.message.slice(last, match.index));
      const [whole, tag, chunk, name] = match;
      const value = values[tag ?? name ?? ''];
      if (tag !== undefined) parts.push(typeof value === 'function' ? value([chunk]) : whole);
      else parts.push(value === undefined || typeof value === 'function' ? whole : String(value));
      last = match.index + whole.length;
    }
    parts.push(this.message.slice(last));
    const kept = parts.filter((part) => part !== '');
    return kept.every((part) => typeof part === 'string') ? kept.join('') : kept;
  }
}
