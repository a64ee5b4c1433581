import * as z from "zod";
import { characters } from "../core/characters.js";
import { maskSecret, secretKind } from "../core/mask.js";

/**
 * Metadata, shared by transactions and integrations (spec Metadata): at most 50 keys; keys match
 * `^[a-zA-Z0-9_-]+$` and are at most 40 characters; values are strings of at most 500 characters
 * (code points: 500 emoji fit, as the client `dba` counts); `null` clears it.
 *
 * The result is a null-prototype object built with `defineProperty`, so a key named `__proto__` or
 * `constructor` is stored and returned as an ordinary key and never touches a prototype.
 */
export type Metadata = Record<string, string>;

const KEY = /^[a-zA-Z0-9_-]+$/;

export const metadataSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null) return;
    if (typeof value !== "object" || Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "must be an object of string values or null" });
      return;
    }
    const entries = Object.entries(value);
    if (entries.length > 50) ctx.addIssue({ code: "custom", message: "must have at most 50 keys" });
    for (const [k, v] of entries) {
      if (!KEY.test(k)) ctx.addIssue({ code: "custom", path: [k], message: "key must match ^[a-zA-Z0-9_-]+$" });
      else if (k.length > 40) ctx.addIssue({ code: "custom", path: [k], message: "key must be at most 40 characters" });
      if (typeof v !== "string") ctx.addIssue({ code: "custom", path: [k], message: "value must be a string" });
      else if (v.length > 500 && characters(v) > 500) ctx.addIssue({ code: "custom", path: [k], message: "value must be at most 500 characters" });
    }
  })
  .transform((value) => (value === null ? null : copyMetadata(value as Metadata)))
  .meta({
    id: "Metadata",
    description: "At most 50 string values; null clears.",
    // The refinement above is invisible to JSON Schema, so the OpenAPI document gets its rule here.
    anyOf: [
      {
        type: "object",
        maxProperties: 50,
        propertyNames: { pattern: KEY.source, maxLength: 40 },
        additionalProperties: { type: "string", maxLength: 500 },
      },
      { type: "null" },
    ],
  }) as unknown as z.ZodType<Metadata | null>;

/**
 * A null-prototype copy of validated metadata, a value under a secret's name (`cvv`, `api_key`,
 * `clientSecret`...) masked as that secret: the double answers no secret in clear (PRODUCT.md, Limits).
 */
export function copyMetadata(value: Metadata): Metadata {
  const out: Metadata = Object.create(null);
  for (const [k, v] of Object.entries(value)) {
    const kind = secretKind(k);
    Object.defineProperty(out, k, { value: kind ? maskSecret(kind, v) : v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
