import type { ClientScope } from "./auth.js";
import { PROCESSOR_WIRE, type Processor } from "./integrations/integration.js";
import type { World } from "./world.js";

/**
 * Which processor a request reaches, for the envelope's `source.system` on a 502: "the gateway
 * reached the processor and could not use its reply" (spec Errors), so the answer names it
 * (`CARDPROC` / `ACHPROC`). Null where the operation reaches no processor (clients, users, reads)
 * or the request does not say which (an unknown id): the field stays null as on a 500.
 */
export function processorOf(world: World, scope: ClientScope, operation: string, body: unknown, params: Record<string, string>): "CARDPROC" | "ACHPROC" | null {
  const p = processorFor(world, scope, operation, (body ?? {}) as Record<string, unknown>, params);
  return p ? PROCESSOR_WIRE[p] : null;
}

/** A validated `payment_method` (card, bank account or a token of the caller). */
function ofMethod(world: World, scope: ClientScope, pm: unknown): Processor | null {
  const m = pm as { type?: string; payment_token?: string } | undefined;
  if (m?.type === "Card") return "Cardproc";
  if (m?.type === "ACH") return "Achproc";
  const token = m?.payment_token === undefined ? undefined : world.state.paymentTokens.get(m.payment_token);
  if (!token || token.client_id !== scope.actor.id) return null;
  return token.card ? "Cardproc" : "Achproc";
}

function processorFor(world: World, scope: ClientScope, operation: string, body: Record<string, unknown>, params: Record<string, string>): Processor | null {
  switch (operation) {
    case "createTransaction":
    case "createPaymentToken":
      return ofMethod(world, scope, body.payment_method);
    case "captureTransaction":
    case "cancelTransaction": {
      const t = world.state.transactions.get(params.id);
      return t && t.client_id === scope.actor.id ? t.processor : null;
    }
    case "closeBatch": {
      const b = typeof body.batch_id === "string" ? world.state.batches.get(body.batch_id) : undefined;
      if (b && b.client_id === body.client_id) return b.processor;
      return (body.processor as Processor | undefined) ?? null;
    }
    case "createIntegration":
    case "updateIntegration":
      return (body.processor as Processor | undefined) ?? null;
    default:
      return null;
  }
}
