// The XML answers of AWS's query-protocol services (SES): elements, their text and children, nothing more. These
// answers carry no attributes that matter, no CDATA, no mixed content; the declaration, comments and attributes
// are skipped. A document that is not well formed throws.
export interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name] ?? whole;
  });
}

const token = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)(?:\s[^>]*?)?(\/?)>|([^<]+)/g;

export function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: '#document', text: '', children: [] };
  const open: XmlNode[] = [root];
  for (const match of text.matchAll(token)) {
    const [, closing, opening, selfClosing, content] = match;
    const current = open.at(-1)!;
    if (opening) {
      const node: XmlNode = { name: opening.split(':').pop()!, text: '', children: [] };
      current.children.push(node);
      if (!selfClosing) open.push(node);
    } else if (closing) {
      if (current.name !== closing.split(':').pop() || open.length === 1)
        throw new Error(`XML: unexpected </${closing}>`);
      open.pop();
    } else if (content !== undefined) {
      current.text += decode(content);
    }
  }
  if (open.length !== 1 || root.children.length !== 1) throw new Error('XML: not one complete document');
  return root.children[0]!;
}

/** The first descendant along this path of names (`child(answer, 'SendEmailResult', 'MessageId')`). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = current?.children.find((entry) => entry.name === name);
  return current;
}

/** The trimmed text of the descendant along this path, when there is one. */
export const textAt = (node: XmlNode | undefined, ...path: string[]): string | undefined =>
  child(node, ...path)?.text.trim();

/** A list's `member` texts (`<Identities><member>…</member></Identities>`). */
export const membersOf = (node: XmlNode | undefined): string[] =>
  (node?.children ?? []).filter((entry) => entry.name === 'member').map((entry) => entry.text.trim());

/** A map's entries (`<entry><key>…</key><value>…</value></entry>`), by key. */
export function entriesOf(node: XmlNode | undefined): Map<string, XmlNode> {
  const map = new Map<string, XmlNode>();
  for (const entry of node?.children ?? []) {
    const key = textAt(entry, 'key');
    const value = child(entry, 'value');
    if (entry.name === 'entry' && key !== undefined && value) map.set(key, value);
  }
  return map;
}
