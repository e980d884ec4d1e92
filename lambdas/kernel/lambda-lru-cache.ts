// The Lambda build (infra/constructs/lambda-bundling.ts) aliases `mnemonist/lru-cache` to this module. Its one user
// is the DynamoDB client's endpoint-discovery cache (@aws-sdk/endpoint-cache: get, set, has, peek, clear), which
// the portal leaves off; mnemonist's cache and its iterator helpers were about 7 KB of every bundle.

/** A least-recently-used cache of `capacity` entries, on a Map's insertion order. */
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
