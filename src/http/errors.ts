import { HTTPException } from "hono/http-exception";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { maskCardNumbers, maskPath } from "../core/mask.js";
import { ERROR_CATALOG, GatewayError, type ErrorSource } from "../core/errors.js";

/**
 * The one place where failures become the spec's error envelope (DESIGN rule 3): domain errors,
 * hono's HTTP exceptions, unknown routes and unexpected exceptions (500, nothing internal leaked).
 */
const nullableText = z.string().nullable();

/**
 * The envelope's wire shape, written once: the OpenAPI documents' `Error` component is built from it,
 * on first use (an error answer is the object {@link toEnvelope} builds, never parsed).
 */
export const envelopeSchema = lazy(() => z
  .object({
    error_code: z.string(),
    error_message: z.string(),
    details: z.record(z.string(), z.string()).nullable(),
    source: z.object({ system: nullableText, code: nullableText, message: nullableText }).strict().nullable(),
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "Error", description: "The gateway's error envelope; `details` names each bad field by dotted path." }));

export type Envelope = z.output<ReturnType<typeof envelopeSchema>> & { source: ErrorSource | null };

/** "null fields when the gateway failed before reaching a processor" (spec Errors, envelope). */
const NO_PROCESSOR: ErrorSource = { system: null, code: null, message: null };

/**
 * The request id of an answer no world gave (a rebound Host, a cross-site page, malformed HTTP):
 * the spec puts `x-request-id` (a uuid) on every response, and the nil UUID draws nothing from a
 * world's seeded id stream, so later ids are the same with or without such a request.
 */
export const NO_WORLD_REQUEST_ID = "00000000-0000-0000-0000-000000000000";

export function toEnvelope(err: unknown, correlationId: string): { status: number; body: Envelope } {
  const e = asGatewayError(err);
  return {
    status: e.status,
    body: {
      error_code: e.code,
      // Messages and details may echo what a client sent (a path segment, a value): no card number.
      error_message: maskCardNumbers(e.message),
      details: e.details && maskDetails(e.details),
      source: e.source ?? { ...NO_PROCESSOR },
      correlation_id: correlationId,
    },
  };
}

function asGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof HTTPException && err.status < 500) {
    return new GatewayError("INVALID_REQUEST_DATA", { details: { body: err.message || "malformed request" } });
  }
  return new GatewayError("SYSTEM_ERROR", { message: ERROR_CATALOG.SYSTEM_ERROR.message });
}

/** The answer for a path or method no operation serves. */
export function unknownRoute(method: string, path: string): GatewayError {
  return new GatewayError("RESOURCE_NOT_FOUND", { message: `No operation ${method} ${maskPath(path)}.` });
}

function maskDetails(details: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(details)) Object.defineProperty(out, maskCardNumbers(k), { value: maskCardNumbers(v), enumerable: true, writable: true, configurable: true });
  return { ...out };
}
