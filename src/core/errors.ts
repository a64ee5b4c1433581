/**
 * The spec's error codes, declared once: code -> HTTP status and default message.
 *
 * Domain code throws {@link GatewayError}; `http/errors.ts` is the one place that turns it into the
 * envelope. The last five codes are the ones the spec says "can be returned although the operations
 * do not declare them"; their statuses are our choice (README decisions table).
 */
export const ERROR_CATALOG = {
  INVALID_REQUEST_DATA: { status: 400, message: "The request is malformed or has invalid fields." },
  NOT_AUTHENTICATED: { status: 401, message: "Api-Key or Client-Id is missing or wrong." },
  UNAUTHORIZED_ACTION: { status: 403, message: "The client is not allowed to perform this action." },
  RESOURCE_NOT_FOUND: { status: 404, message: "The requested resource was not found." },
  DUPLICATE_ACTION: { status: 409, message: "The action conflicts with the resource's current state." },
  SYSTEM_ERROR: { status: 500, message: "An internal error occurred; the processor was not reached." },
  DOWNSTREAM_ERROR: { status: 502, message: "The processor's reply could not be used." },
  INVALID_ACTION: { status: 400, message: "The action is not valid for this request." },
  REQUIRED_DATA_MISSING: { status: 400, message: "Required data is missing." },
  AMOUNT_LIMIT_EXCEEDED: { status: 400, message: "The amount exceeds the allowed limit." },
  VELOCITY_LIMIT_EXCEEDED: { status: 400, message: "Too many transactions in the allowed window." },
  INTEGRATION_CONFIG_ERROR: { status: 400, message: "No active integration is configured for this payment." },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Every error code, in catalog order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

/** The `source` object of the envelope: processor-specific information, passed through. */
export interface ErrorSource {
  system: string | null;
  code: string | null;
  message: string | null;
}

export interface GatewayErrorInit {
  message?: string;
  details?: Record<string, string> | null;
  source?: ErrorSource | null;
  /** Overrides the catalog status (scenario `fail.status`). */
  status?: number;
}

/** A typed domain error; never an HTTP response. */
export class GatewayError extends Error {
  readonly status: number;
  readonly details: Record<string, string> | null;
  readonly source: ErrorSource | null;

  constructor(
    readonly code: ErrorCode,
    init: GatewayErrorInit = {},
  ) {
    super(init.message ?? ERROR_CATALOG[code].message);
    this.status = init.status ?? ERROR_CATALOG[code].status;
    this.details = init.details ?? null;
    this.source = init.source ?? null;
  }
}

/** Shorthand for a 404 that looks the same whether the id is missing or belongs to another tenant. */
export function notFound(what: string): GatewayError {
  return new GatewayError("RESOURCE_NOT_FOUND", { message: `${what} was not found.` });
}

/** Shorthand for a 400 naming one field. */
export function invalidField(field: string, problem: string, code: ErrorCode = "INVALID_REQUEST_DATA"): GatewayError {
  return new GatewayError(code, { details: { [field]: problem } });
}
