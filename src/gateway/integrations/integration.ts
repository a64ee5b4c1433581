import type { Metadata } from "../metadata.js";

/**
 * The Integration entity: one processor configuration of a client. There is no delete: deactivation
 * is `is_active: false` (spec States and transitions, Integration).
 */
export type Processor = "Cardproc" | "Achproc";

/** Request spelling -> the spelling used in filters and responses (`CARDPROC`, `ACHPROC`). */
export const PROCESSOR_WIRE: Record<Processor, "CARDPROC" | "ACHPROC"> = { Cardproc: "CARDPROC", Achproc: "ACHPROC" };

export interface Integration {
  id: string;
  /** The client the configuration belongs to. */
  client_id: string;
  processor: Processor;
  is_active: boolean;
  /** The validated `integration_details` as sent (card or ACH shape, by processor). */
  details: Record<string, unknown>;
  metadata: Metadata | null;
  created_at: number;
  modified_at: number;
}
