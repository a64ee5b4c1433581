import { defineOperation } from "../operation.js";
import { listBatchedTransactions, listBatchMembers, pageWire } from "../transactions/reporting.js";
import { batchTransactionsQuery, transactionListResponse } from "../transactions/schema.js";
import type { World } from "../world.js";
import type { Batch } from "./batch.js";
import { batchCloseResponse, batchListResponse, closeBatchBody, listBatchesQuery, toWire } from "./schema.js";
import { closeBatchRequest, listBatches } from "./service.js";

const wire = (world: World, b: Batch, requestId: string) => toWire(b, world.state.clients.get(b.client_id)?.dba ?? "", requestId);

/** The batch operations: close, list, and the two batch transaction reads. */
export const batchRoutes = [
  defineOperation({
    id: "closeBatch",
    method: "POST",
    path: "/v1/batches/close",
    summary: "Close the client's open batches (or one by batch_id); settlement follows",
    description:
      "Closes the client's open batches; with `batch_id`, only that batch. A closed batch settles at the card processor's settlement time (card) or the next ACH window, as the simulated clock passes it. `client_id` must be the caller or a client it may act for; `processor` is spelled `Cardproc` or `Achproc`. Answers the batches this call closed. A `batch_id` whose processor or type differs from the body is 400 naming those fields; unknown body fields are 400.",
    body: closeBatchBody,
    response: batchCloseResponse,
    errors: [400, 401, 403, 404, 409, 500, 502],
    handle: ({ world, scope, body, requestId }) => ({
      batches: closeBatchRequest(world, scope, body).map((b) => wire(world, b, requestId)),
      correlation_id: requestId,
    }),
  }),
  defineOperation({
    id: "listBatches",
    method: "GET",
    path: "/v1/batches",
    summary: "List the client's batches",
    description:
      "Lists the calling (or acted-as) client's batches, newest first unless `sort_column`/`sort_order` say otherwise. `take` is the page size, an integer from 1 to 100; `skip` the rows to skip. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
    query: listBatchesQuery,
    response: batchListResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query, requestId }) => {
      const page = listBatches(world, scope, query);
      return { data: page.rows.map((b) => wire(world, b, requestId)), total_count: page.total, take: page.take, skip: page.skip };
    },
  }),
  defineOperation({
    id: "listBatchTransactions",
    method: "GET",
    path: "/v1/batches/transactions",
    summary: "Transactions in the client's batches (card_type DEBIT or CREDIT)",
    description:
      "Transactions that belong to any of the client's batches. `card_type` takes one value, DEBIT or CREDIT (case-insensitive); UNKNOWN is 400 and CREDIT also returns transactions of undetermined card type (quirk `batch_card_type_single`; with the quirk off it takes a comma list like `GET /v1/transactions`). `limit` is an integer from 1 to 100. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
    query: batchTransactionsQuery,
    response: transactionListResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query }) => pageWire(world, listBatchedTransactions(world, scope, query)),
  }),
  defineOperation({
    id: "getBatchTransactions",
    method: "GET",
    path: "/v1/batches/:id/transactions",
    summary: "Transactions of one batch",
    description:
      "Transactions of one batch, with the same `card_type` rule as `listBatchTransactions`. 404 when the batch does not exist or belongs to a client the caller may not see. `limit` is an integer from 1 to 100. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
    query: batchTransactionsQuery,
    response: transactionListResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, query }) => pageWire(world, listBatchMembers(world, scope, params.id, query)),
  }),
];
