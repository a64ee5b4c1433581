import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { isoOf } from "../../core/clock.js";
import { dateTime, offsetMeta, pageSizeMeta, text } from "../fields.js";
import { pageOffset, pageSize } from "../paging.js";
import { PROCESSOR_WIRE } from "../integrations/integration.js";
import { BATCH_TYPE, type Batch } from "./batch.js";

/** Wire schemas of the Batch resource (spec "Batch", Endpoints detail 1, PRODUCT.md "Close batch"). */

export const closeBatchBody = lazy(() => z
  .object({
    client_id: text(64),
    /** Request-body casing, like integrations. */
    processor: z.enum(["Cardproc", "Achproc"], { error: "must be Cardproc or Achproc" }),
    batch_type: z.enum(["card", "ach"], { error: "must be card or ach" }),
    /** "Stated only as a string": any non-empty string is accepted and not interpreted. */
    created_at: text(64),
    batch_id: text(64).optional(),
  })
  .strict()
  .meta({ id: "CloseBatchRequest" }));
export type CloseBatchInput = z.output<ReturnType<typeof closeBatchBody>>;

export const BATCH_SORT_COLUMNS = ["created_at", "batch_number", "status", "net_amount", "closed_at_date_time", "settled_at_date_time"] as const;

export const listBatchesQuery = lazy(() => z
  .object({
    take: pageSize(100).optional().meta(pageSizeMeta(100)),
    skip: pageOffset().optional().meta(offsetMeta),
    sort_column: z.enum(BATCH_SORT_COLUMNS).optional(),
    sort_order: z.enum(["asc", "desc"]).optional(),
  })
  .strict());
export type ListBatchesQuery = z.output<ReturnType<typeof listBatchesQuery>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
const int = z.number().int();

export const batchResponse = lazy(() => z
  .object({
    id: z.string(),
    batch_id: z.string(),
    batch_number: z.string(),
    batch_type: z.enum(["card", "ach"]),
    processor: z.enum(["CARDPROC", "ACHPROC"]),
    status: z.enum(["open", "closed", "settled"]),
    client_id: z.string(),
    client_name: z.string(),
    approved_amount: int,
    captured_amount: int,
    refund_amount: int,
    void_amount: int,
    net_amount: int,
    batch_net_amount: int,
    created_at: dateTime,
    closed_at_date_time: dateTime.nullable(),
    settled_at_date_time: dateTime.nullable(),
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "Batch" }));

/** `BatchCloseResponse` (fields not shown by the spec): the batches this call closed. */
export const batchCloseResponse = lazy(() => z
  .object({ batches: z.array(batchResponse()), correlation_id: z.string() })
  .strict()
  .meta({ id: "BatchCloseResponse" }));

export const batchListResponse = lazy(() => z
  .object({ data: z.array(batchResponse()), total_count: int, take: int, skip: int })
  .strict()
  .meta({ id: "BatchList" }));

export function toWire(b: Batch, clientName: string, correlationId: string) {
  return {
    id: b.id,
    batch_id: b.id,
    batch_number: b.batch_number,
    batch_type: BATCH_TYPE[b.processor],
    processor: PROCESSOR_WIRE[b.processor],
    status: b.status,
    client_id: b.client_id,
    client_name: clientName,
    ...b.sums,
    created_at: isoOf(b.created_at),
    closed_at_date_time: b.closed_at === null ? null : isoOf(b.closed_at),
    settled_at_date_time: b.settled_at === null ? null : isoOf(b.settled_at),
    correlation_id: correlationId,
  };
}
