import type { Context } from "hono";
import type { z } from "zod";
import { GatewayError } from "../core/errors.js";
import { maskDigitRuns } from "../core/mask.js";
import { BODY_LIMIT, tooLarge } from "./body.js";

export { BODY_LIMIT };

const invalid = (field: string, problem: string) =>
  new GatewayError("INVALID_REQUEST_DATA", { details: { [field]: problem } });

/**
 * Reads a JSON body: the size limit, the content type and the JSON syntax each fail with the
 * envelope. An empty body is `{}` where the operation allows it (capture).
 */
export async function readJsonBody(c: Context, optional: boolean): Promise<unknown> {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > BODY_LIMIT) throw tooLarge();
  const text = await c.req.text();
  if (text.length > BODY_LIMIT && Buffer.byteLength(text) > BODY_LIMIT) throw tooLarge();
  if (text.trim() === "") {
    if (optional) return {};
    throw invalid("body", "is required");
  }
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw invalid("content-type", "must be application/json");
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw invalid("body", `is not valid JSON: ${(e as Error).message}`);
  }
}

/** Validates with zod; failures become 400 with `details` naming each bad field by dotted path. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, root: "body" | "query"): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new GatewayError("INVALID_REQUEST_DATA", { details: issueDetails(result.error.issues, root) });
}

/** zod issues -> `{ "dotted.path": "problem" }`; unknown keys are named one by one. */
export function issueDetails(issues: readonly z.core.$ZodIssue[], root: string): Record<string, string> {
  const details: Record<string, string> = Object.create(null);
  const put = (path: readonly PropertyKey[], message: string) => {
    // A key echoed back is masked like a value: an unknown key may be a card number.
    const key = path.length === 0 ? root : maskDigitRuns(path.map(String).join("."));
    if (!(key in details)) Object.defineProperty(details, key, { value: message, enumerable: true, writable: true });
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) put([...issue.path, k], "is not a known field");
    } else if (issue.code === "invalid_type" && issue.input === undefined) {
      put(issue.path, "is required");
    } else {
      put(issue.path, issue.message);
    }
  }
  return { ...details };
}
