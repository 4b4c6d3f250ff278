/**
 * A Map that keeps at most `maxEntries` keys, forgetting the one set longest ago: the gateway's
 * caches and back-off tables use it so a flood of distinct keys cannot grow them without end.
 * Setting a key again makes it the newest.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly maxEntries: number;

  constructor(maxEntries: number) {
    super();
    this.maxEntries = maxEntries;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.maxEntries) this.delete(this.keys().next().value as K);
    return this;
  }
}
