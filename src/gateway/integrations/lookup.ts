import type { World } from "../world.js";
import type { Integration, Processor } from "./integration.js";

/**
 * The client's active integration for a processor, if any (the newest one wins when several are
 * active). Payments need one: a card payment an active `Cardproc`, an ACH payment an active `Achproc`.
 */
export function activeIntegration(world: World, clientId: string, processor: Processor): Integration | undefined {
  const ids = world.state.integrationsByClient.get(clientId) ?? [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const integration = world.state.integrations.get(ids[i])!;
    if (integration.processor === processor && integration.is_active) return integration;
  }
  return undefined;
}
