/**
 * Fields that many records hold at the same values (a payment's seldom fields at their defaults,
 * its outcome) kept in one frozen object the records share, and read and written through accessors
 * as if each record had them: a write of a new value first gives the record a copy of its own (not
 * frozen, so later writes go straight to it). Frozen means shared: callers freeze what they share.
 *
 * Defines, on `proto`, an accessor for each of `keys` over the object an instance holds at `slot`.
 * A spread or `Object.keys` of such a record sees none of these fields: stores copy records field by field.
 */
export function defineSharedFields(proto: object, slot: symbol, keys: readonly string[]): void {
  for (const key of keys) {
    Object.defineProperty(proto, key, {
      get(this: Record<symbol, Record<string, unknown>>) {
        return this[slot]![key];
      },
      set(this: Record<symbol, Record<string, unknown>>, value: unknown) {
        let fields = this[slot]!;
        if (fields[key] === value) return;
        if (Object.isFrozen(fields)) this[slot] = fields = { ...fields };
        fields[key] = value;
      },
    });
  }
}
