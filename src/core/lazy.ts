import type { z } from "zod";

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

/**
 * A schema, or the function that builds it on first use ({@link lazy}): a start builds no control
 * schema and no `/v1` response schema; only the OpenAPI documents and the routes that parse with
 * them do (docs/explanation/performance.md, "Cold start"). Read one with {@link schemaOf}.
 */
export type SchemaRef = z.ZodType | (() => z.ZodType);

/** The schema a {@link SchemaRef} names (built now if it was not). */
export function schemaOf(ref: SchemaRef): z.ZodType;
export function schemaOf(ref: SchemaRef | undefined): z.ZodType | undefined;
export function schemaOf(ref: SchemaRef | undefined): z.ZodType | undefined {
  return typeof ref === "function" ? ref() : ref;
}
