import type { Client } from "./clients/client.js";
import type { Integration } from "./integrations/integration.js";
import type { PaymentToken } from "./payment-tokens/payment-token.js";
import type { User } from "./users/user.js";

/**
 * All entities of one world, in maps and indexes. Lists never rely on Map order alone: services sort
 * explicitly.
 */
export interface WorldState {
  /** Every client by id (fixtures and created ones). */
  clients: Map<string, Client>;
  /** Parent client id -> ids of its direct children, in creation order. */
  childrenOf: Map<string, string[]>;
  /** Every integration by id. */
  integrations: Map<string, Integration>;
  /** Client id -> its integration ids, in creation order. */
  integrationsByClient: Map<string, string[]>;
  /** Every payment token by its `PAYMENT_TOKEN-...` value. */
  paymentTokens: Map<string, PaymentToken>;
  /** Client id -> its payment token values, in creation order. */
  paymentTokensByClient: Map<string, string[]>;
  /** Every user by id. */
  users: Map<string, User>;
  /** Client id -> its user ids, in creation order. */
  usersByClient: Map<string, string[]>;
  /** Lower-cased email (the login name, unique in the world) -> user id. */
  userByEmail: Map<string, string>;
}

export function createState(): WorldState {
  return {
    clients: new Map(),
    childrenOf: new Map(),
    integrations: new Map(),
    integrationsByClient: new Map(),
    paymentTokens: new Map(),
    paymentTokensByClient: new Map(),
    users: new Map(),
    usersByClient: new Map(),
    userByEmail: new Map(),
  };
}
