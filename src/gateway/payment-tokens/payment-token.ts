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
