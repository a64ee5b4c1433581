import { GatewayError, notFound } from "../../core/errors.js";
import type { ClientScope } from "../auth.js";
import { canRead, indexUnder, listOwners } from "../tenancy.js";
import type { World } from "../world.js";
import type { Client } from "./client.js";
import type { CreateClientInput, ListClientsQuery, UpdateClientInput } from "./schema.js";

/**
 * Client operations over (world, scope, input). Visibility: a reseller sees itself and its direct
 * children; a merchant sees only itself; acting as a child narrows the view to that child. Anything
 * else is "not found", never "forbidden", so another tenant's id looks like a missing one.
 */

/** Reads one client the scope may see. */
export function getClient(world: World, scope: ClientScope, id: string): Client {
  const c = world.state.clients.get(id);
  if (!c || !canRead(world, scope, c.id)) throw notFound("Client");
  return c;
}

/**
 * A reseller creates a child (merchant or reseller) under itself; a merchant may not (403).
 * "X-Acting-As-Client-Id is meaningless here because the child does not exist yet" (spec Endpoints
 * 3): the header is checked as on every operation, but the new client is filed under the caller.
 */
export function createClient(world: World, scope: ClientScope, input: CreateClientInput): Client {
  if (scope.caller.type !== "reseller") {
    throw new GatewayError("UNAUTHORIZED_ACTION", { message: "Only a reseller can create clients." });
  }
  return insertClient(world, {
    id: world.ids.next("CLIENT"),
    type: input.type,
    dba: input.dba,
    parent_id: scope.caller.id,
    website: input.website ?? null,
    admin_contact_details: {
      first_name: input.admin_contact_details.first_name,
      last_name: input.admin_contact_details.last_name,
      email: input.admin_contact_details.email,
      phone: input.admin_contact_details.phone ?? null,
      time_zone: input.admin_contact_details.time_zone ?? null,
    },
    primary_phone: input.primary_phone ?? null,
    support_phone: input.support_phone ?? null,
    api_key: `pk_live_${world.ids.token("API_KEY")}`,
    encryption_keys: { key_id: `KEY-${world.ids.token("KEY")}`, public_key: `pub_${world.ids.token("PUBLIC_KEY")}` },
    created_at: world.clock.now(),
  });
}

/** Stores a client and indexes it under its parent (also used by fixtures). */
export function insertClient(world: World, c: Client): Client {
  const { clients, childrenOf } = world.state;
  if (clients.has(c.id)) throw new GatewayError("DUPLICATE_ACTION", { message: `Client ${c.id} already exists.` });
  clients.set(c.id, c);
  indexUnder(childrenOf, c.parent_id, c.id, () => []);
  return c;
}

/** Partial update: only the properties present in the body change. */
export function updateClient(world: World, scope: ClientScope, id: string, input: UpdateClientInput): Client {
  const c = getClient(world, scope, id);
  if (input.dba !== undefined) c.dba = input.dba;
  if (input.website !== undefined) c.website = input.website;
  if (input.primary_phone !== undefined) c.primary_phone = input.primary_phone;
  if (input.support_phone !== undefined) c.support_phone = input.support_phone;
  const a = input.admin_contact_details;
  if (a) {
    const target = c.admin_contact_details;
    if (a.first_name !== undefined) target.first_name = a.first_name;
    if (a.last_name !== undefined) target.last_name = a.last_name;
    if (a.email !== undefined) target.email = a.email;
    if (a.phone !== undefined) target.phone = a.phone;
    if (a.time_zone !== undefined) target.time_zone = a.time_zone;
  }
  return c;
}

export interface ClientPage {
  rows: Client[];
  total: number;
  take: number;
  skip: number;
}

/** Default and maximum page size of `GET /v1/clients` (the spec does not show them). */
export const CLIENT_PAGE = { default: 20, max: 100 } as const;

/** `GET /v1/clients`: the visible clients, searched, sorted (ties in creation order) and paged. */
export function listClients(world: World, scope: ClientScope, q: ListClientsQuery): ClientPage {
  const needles = [q.SearchText, q.Term].filter((s): s is string => !!s).map((s) => s.toLowerCase());
  const column = q.SortColumn ?? "created_at";
  const desc = (q.SortOrder ?? "desc") === "desc";
  const take = q.Take ?? CLIENT_PAGE.default;
  const skip = q.Skip ?? 0;
  const { actor } = scope;
  const children = scope.actingAs === "child" || actor.type !== "reseller" ? [] : (world.state.childrenOf.get(actor.id) ?? []);
  const n = 1 + children.length;
  const at = (i: number) => (i === 0 ? actor : world.state.clients.get(children[i - 1])!);
  // By created_at, the order is the visible ids' own (a parent exists before its children, which are
  // appended as the clock moves forward; ties keep that order): read the page from the right end.
  if (column === "created_at" && (n === 1 || actor.created_at <= at(1).created_at)) {
    const rows: Client[] = [];
    if (needles.length === 0) {
      for (let k = skip; k < Math.min(n, skip + take); k++) rows.push(at(desc ? n - 1 - k : k));
      return { rows, total: n, take, skip };
    }
    let total = 0;
    for (let k = 0; k < n; k++) {
      const c = at(desc ? n - 1 - k : k);
      if (!needles.every((s) => haystack(c).includes(s))) continue;
      if (total++ >= skip && rows.length < take) rows.push(c);
    }
    return { rows, total, take, skip };
  }
  // listOwners is in creation order (a parent exists before its children): ties keep that order.
  const order = new Map(listOwners(world, scope).map((id, i) => [id, i]));
  const rows = [...order.keys()]
    .map((id) => world.state.clients.get(id)!)
    .filter((c) => needles.every((s) => haystack(c).includes(s)));
  const sign = desc ? -1 : 1;
  rows.sort((a, b) => sign * (compareBy(a, b, column) || order.get(a.id)! - order.get(b.id)!));
  return { rows: rows.slice(skip, skip + take), total: rows.length, take, skip };
}

function haystack(c: Client): string {
  const a = c.admin_contact_details;
  return [c.id, c.dba, a.email, a.first_name, a.last_name].join(" ").toLowerCase();
}

function compareBy(a: Client, b: Client, column: "created_at" | "dba" | "type" | "id"): number {
  const x = column === "created_at" ? a.created_at : a[column];
  const y = column === "created_at" ? b.created_at : b[column];
  return x < y ? -1 : x > y ? 1 : 0;
}
