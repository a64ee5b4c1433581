import type { BankAccountInput, CardInput } from "../instruments.js";

/**
 * The PaymentToken entity: a stored card or bank account. The full instrument is kept in memory, as
 * a vault would, so a token payment behaves like the card behind it; it is never written to a
 * response, the journal or a log (only masked views leave the process).
 */
export type PaymentTokenStatus = "active" | "expired" | "inactive" | "verification_pending" | "verification_failed";

export interface PaymentToken {
  /** `PAYMENT_TOKEN-<ulid>`. */
  token: string;
  client_id: string;
  type: "card" | "ach";
  status: PaymentTokenStatus;
  customer_id: string | null;
  is_default: boolean;
  nickname: string | null;
  /** The instrument behind the token (exactly one is set, by `type`). */
  card: CardInput | null;
  bank_account: BankAccountInput | null;
  created_at: number;
}

/**
 * Status transitions (the spec shows the statuses, not the moves: decisions table). A card token
 * expires when its expiry month ends; a bank-account token is verified or fails verification;
 * any token can be made `inactive` (soft delete), which is final.
 */
export const TOKEN_TRANSITIONS: Record<PaymentTokenStatus, readonly PaymentTokenStatus[]> = {
  active: ["expired", "inactive", "verification_pending", "verification_failed"],
  verification_pending: ["active", "verification_failed", "inactive"],
  verification_failed: ["verification_pending", "active", "inactive"],
  expired: ["inactive"],
  inactive: [],
};

/** Statuses that only one kind of token can have. */
const ONLY_FOR: Partial<Record<PaymentTokenStatus, PaymentToken["type"]>> = {
  expired: "card",
  verification_pending: "ach",
  verification_failed: "ach",
};

/** Whether `token` may move to `to` (moving to the current status is a no-op, allowed). */
export function canTransition(token: PaymentToken, to: PaymentTokenStatus): boolean {
  if (token.status === to) return true;
  const only = ONLY_FOR[to];
  if (only && only !== token.type) return false;
  return TOKEN_TRANSITIONS[token.status].includes(to);
}

/** How many distinct cards a world's vault shares (payment-tokens/service.ts `vaulted`); past them each token keeps its own. */
export const SHARED_CARDS = 1_024;

/** Whether a vault may serve one card for the other: every field it keeps but contact and address (a card with those is never shared). */
export function sameVaultedCard(a: CardInput, b: CardInput): boolean {
  return a.pan === b.pan && a.entry_method === b.entry_method && a.expiry.month === b.expiry.month && a.expiry.year === b.expiry.year && a.first_name === b.first_name && a.last_name === b.last_name;
}

/** The instant (ms) a card stops being valid: the first moment after its expiry month. */
export function cardExpiresAt(expiry: { month: string; year: string }): number {
  return Date.UTC(Number(expiry.year), Number(expiry.month), 1);
}
