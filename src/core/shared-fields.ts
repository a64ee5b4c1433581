/**
 * Fields that many records hold at the same values (a payment's seldom fields at their defaults,
 * its outcome) are kept in one frozen object the records share, read through a getter per field
 * and written through {@link written}: a write of a new value first gives the record a copy of its
 * own (not frozen, so later writes go straight to it). Frozen means shared: callers freeze what they
 * share.
 *
 * The getters are written out one per field (`get type() { return this[OUTCOME].type; }`), not
 * made in a loop: closures made at one place share their inline caches, so every read of every
 * field went through one cache that had seen all their names (megamorphic), about 5,000
 * instructions a card SALE (docs/explanation/performance.md, "Seventh round").
 */
export function written<T extends object, K extends keyof T>(fields: T, key: K, value: T[K]): T {
  if (fields[key] === value) return fields;
  const own = Object.isFrozen(fields) ? { ...fields } : fields;
  own[key] = value;
  return own;
}
