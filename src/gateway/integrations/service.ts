import { GatewayError, notFound } from "../../core/errors.js";
import { PARSE_ONCE } from "../../core/parse-once.js";
import type { ClientScope } from "../auth.js";
import type { Metadata } from "../metadata.js";
import { canRead, canWrite, indexUnder, newestFirst } from "../tenancy.js";
import type { World } from "../world.js";
import { detailsSchema } from "./details.js";
import type { Integration, Processor } from "./integration.js";
import type { CreateIntegrationInput, UpdateIntegrationInput } from "./schema.js";

/**
 * Integration operations over (world, scope, input). There is no delete: `is_active: false`
 * deactivates. Tenant rules are in `../tenancy.ts`.
 */

/** Splits validated details into the stored details and the metadata (absent, null or a value). */
function split(details: Record<string, unknown>): { details: Record<string, unknown>; metadata: Metadata | null | undefined } {
  const { metadata, ...rest } = details as Record<string, unknown> & { metadata?: Metadata | null };
  return { details: rest, metadata };
}

/**
 * Create: a merchant creates its own (`client` omitted or its own id); a reseller creates one for
 * its child by acting as the child or by naming the child in `client`. Any other `client`, missing
 * or foreign, is the same 403 (create declares no 404).
 */
export function createIntegration(world: World, scope: ClientScope, input: CreateIntegrationInput): Integration {
  const owner = input.client ?? scope.actor.id;
  const mayCreate = owner === scope.actor.id || (scope.actingAs === "none" && canRead(world, scope, owner));
  if (!mayCreate) {
    throw new GatewayError("UNAUTHORIZED_ACTION", {
      message: "client must be the acting client or one of the caller's own children.",
      details: { client: "is not a client this caller may configure" },
    });
  }
  const { details, metadata } = split(input.integration_details);
  const now = world.clock.now();
  return insertIntegration(world, {
    id: world.ids.next("INTEGRATION"),
    client_id: owner,
    processor: input.processor,
    is_active: input.is_active,
    details,
    metadata: metadata ?? null,
    created_at: now,
    modified_at: now,
  });
}

/** Stores an integration and indexes it under its client (also used by fixtures). */
export function insertIntegration(world: World, i: Integration): Integration {
  if (world.state.integrations.has(i.id)) {
    throw new GatewayError("DUPLICATE_ACTION", { message: `Integration ${i.id} already exists.` });
  }
  world.state.integrations.set(i.id, i);
  indexUnder(world.state.integrationsByClient, i.client_id, i.id, () => []);
  return i;
}

/** Reads one integration the scope may see. */
export function getIntegration(world: World, scope: ClientScope, id: string): Integration {
  const i = world.state.integrations.get(id);
  if (!i || !canRead(world, scope, i.client_id)) throw notFound("Integration");
  return i;
}

/**
 * Full update of the configuration. The processor of an integration never changes (a different
 * processor is a different integration): a mismatch is 400 naming `processor`. Metadata omitted
 * keeps the stored one; `null` clears it.
 */
export function updateIntegration(world: World, scope: ClientScope, id: string, input: UpdateIntegrationInput): Integration {
  const i = world.state.integrations.get(id);
  if (!i || !canWrite(scope, i.client_id)) throw notFound("Integration");
  if (input.processor !== i.processor) {
    throw new GatewayError("INVALID_REQUEST_DATA", {
      details: { processor: `must be ${i.processor}, the processor of this integration` },
    });
  }
  const { details, metadata } = split(input.integration_details);
  i.is_active = input.is_active;
  i.details = details;
  if (metadata !== undefined) i.metadata = metadata;
  i.modified_at = world.clock.now();
  return i;
}

/** A client's integrations, newest first. */
export function integrationsOf(world: World, clientId: string): Integration[] {
  const ids = world.state.integrationsByClient.get(clientId) ?? [];
  return newestFirst(ids.map((id) => world.state.integrations.get(id)!), (i) => i.id);
}

/** `GET /v1/integrations`: the acting client's own integrations. */
export function listIntegrations(world: World, scope: ClientScope): Integration[] {
  return integrationsOf(world, scope.actor.id);
}

/** `GET /v1/integrations/summary/{id}`: the integrations of client `{id}`, if the scope may read it. */
export function integrationSummary(world: World, scope: ClientScope, clientId: string): Integration[] {
  if (!world.state.clients.has(clientId) || !canRead(world, scope, clientId)) throw notFound("Client");
  return integrationsOf(world, clientId);
}

export interface FixtureIntegration {
  id: string;
  client: string;
  processor: Processor;
  is_active: boolean;
  integration_details: Record<string, unknown>;
}

/**
 * Loads a fixture integration, validating its details with the request schemas, unless they are
 * already those schemas' output (`detailsParsed`: see `parsedFixtures` in src/gateway/fixtures.ts).
 */
export function loadFixtureIntegration(world: World, f: FixtureIntegration, detailsParsed = false): Integration {
  const parsed = detailsParsed ? f.integration_details : parseFixtureDetails(f);
  if (!world.state.clients.has(f.client)) throw new Error(`fixture integration ${f.id}: unknown client ${f.client}`);
  const { details, metadata } = split(parsed);
  const now = world.clock.now();
  return insertIntegration(world, {
    id: f.id,
    client_id: f.client,
    processor: f.processor,
    is_active: f.is_active,
    details,
    metadata: metadata ?? null,
    created_at: now,
    modified_at: now,
  });
}

function parseFixtureDetails(f: FixtureIntegration): Record<string, unknown> {
  const parsed = detailsSchema(f.processor).safeParse(f.integration_details, PARSE_ONCE);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((e) => `integration_details.${e.path.join(".")}: ${e.message}`);
  throw new Error(`fixture integration ${f.id}: ${problems.join("; ")}`);
}
