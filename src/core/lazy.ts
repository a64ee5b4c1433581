/**
 * A value built on the first call and the same object on every later one. For what a start need
 * not pay for: zod schemas that only some routes, commands or files use are built when first used,
 * not when their module loads (docs/explanation/performance.md, "Cold start"). The value is
 * immutable (a schema), so sharing it across worlds holds no state.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
