import type { Client } from "./clients/client.js";
import type { CardInput } from "./instruments.js";
import { TransactionTable } from "./transactions/table.js";
import type { RowList } from "../core/row-list.js";
import { SharedValues } from "../core/shared-values.js";
import type { Integration } from "./integrations/integration.js";
import { sameVaultedCard, SHARED_CARDS } from "./payment-tokens/payment-token.js";
import { TokenTable } from "./payment-tokens/table.js";
import type { User } from "./users/user.js";
import type { Batch } from "./batches/batch.js";
import type { FollowUp } from "./batches/follow-ups.js";
import type { Ledger } from "./transactions/ledger.js";

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
  /** Every payment token, by its `PAYMENT_TOKEN-...` value or its row (creation order). */
  paymentTokens: TokenTable;
  /** The vault's shared cards by card number, one frozen card per distinct card (payment-tokens/service.ts `vaulted`). */
  vaultedCards: SharedValues<CardInput>;
  /** Client id -> the rows of its payment tokens in `paymentTokens`, in creation order. */
  paymentTokensByClient: Map<string, RowList>;
  /** Every user by id. */
  users: Map<string, User>;
  /** Client id -> its user ids, in creation order. */
  usersByClient: Map<string, string[]>;
  /** Lower-cased email (the login name, unique in the world) -> user id. */
  userByEmail: Map<string, string>;
  /** Every transaction, one row each (transactions/table.ts); ids are never reused, so `size` is also the next creation sequence. */
  transactions: TransactionTable;
  /** Every batch by id. */
  batches: Map<string, Batch>;
  /** Client id -> its transactions and batches in creation order, with per-type indexes. */
  ledgers: Map<string, Ledger>;
  /** Transaction id -> events waiting for its batch to close or for it to settle ("R01 two days after settlement"). */
  followUps: Map<string, FollowUp[]>;
}

export function createState(): WorldState {
  return {
    clients: new Map(),
    childrenOf: new Map(),
    integrations: new Map(),
    integrationsByClient: new Map(),
    paymentTokens: new TokenTable(),
    vaultedCards: new SharedValues(sameVaultedCard, SHARED_CARDS),
    paymentTokensByClient: new Map(),
    users: new Map(),
    usersByClient: new Map(),
    userByEmail: new Map(),
    transactions: new TransactionTable(),
    batches: new Map(),
    ledgers: new Map(),
    followUps: new Map(),
  };
}
