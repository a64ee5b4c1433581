import { GatewayError } from "../core/errors.js";
import type { Client } from "./clients/client.js";
import type { WorldState } from "./state.js";

/**
 * Who a request speaks for, resolved once per request (DESIGN rule 6).
 * `actor` is the client the request acts for: the caller, or the child it names.
 */
export interface ClientScope {
  caller: Client;
  actor: Client;
  /** `child`: a reseller named its own child; `self`: the caller named itself (a spec quirk). */
  actingAs: "none" | "child" | "self";
}

export interface AuthHeaders {
  apiKey: string | undefined;
  clientId: string | undefined;
  actingAs: string | undefined;
}

const notAuthenticated = () => new GatewayError("NOT_AUTHENTICATED");

/**
 * Authentication section of the spec: `Api-Key` + `Client-Id` are both required and a missing or
 * wrong pair gets the same 401; `X-Acting-As-Client-Id` works only from a reseller to its own child.
 */
export function authenticate(state: WorldState, h: AuthHeaders): ClientScope {
  if (!h.apiKey || !h.clientId) throw notAuthenticated();
  const caller = state.clients.get(h.clientId);
  // Compare against a dummy key when the client is unknown, so both paths take the same time.
  if (!constantTimeEqual(h.apiKey, caller?.api_key ?? "pk_live_00000000000000000000000000") || !caller) {
    throw notAuthenticated();
  }
  if (h.actingAs === undefined) return { caller, actor: caller, actingAs: "none" };
  // The header is "string ulid, optional" and the document gives it `minLength: 1`: sent empty, it
  // names nobody, which is a bad value rather than an omitted header (decisions table).
  if (h.actingAs === "") {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { "X-Acting-As-Client-Id": "must not be empty: omit the header to act as the caller" } });
  }
  if (h.actingAs === caller.id) return { caller, actor: caller, actingAs: "self" };
  const child = state.clients.get(h.actingAs);
  if (!child || caller.type !== "reseller" || child.parent_id !== caller.id) {
    throw new GatewayError("UNAUTHORIZED_ACTION", {
      message: "X-Acting-As-Client-Id must name one of the caller's own child clients.",
    });
  }
  return { caller, actor: child, actingAs: "child" };
}

/** String equality whose time depends only on the lengths, not on where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const n = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
