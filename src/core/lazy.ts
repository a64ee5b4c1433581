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
 * schema, no `/v1` response schema and no `/v1` request schema; a route builds its own when it first
 * parses, the OpenAPI documents when asked for (docs/explanation/performance.md, "Cold start").
 * Read one with {@link schemaOf}.
 */
export type SchemaRef<T = unknown> = z.ZodType<T> | (() => z.ZodType<T>);

/** The schema a {@link SchemaRef} names (built now if it was not). */
export function schemaOf<T>(ref: SchemaRef<T>): z.ZodType<T>;
export function schemaOf<T>(ref: SchemaRef<T> | undefined): z.ZodType<T> | undefined;
export function schemaOf<T>(ref: SchemaRef<T> | undefined): z.ZodType<T> | undefined {
  return typeof ref === "function" ? ref() : ref;
}

/** The schema type a {@link SchemaRef} type names. */
export type Built<R> = R extends () => infer S ? (S extends z.ZodType ? S : never) : R extends z.ZodType ? R : never;
