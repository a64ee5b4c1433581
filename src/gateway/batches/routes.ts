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
    query: batchTransactionsQuery,
    response: transactionListResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, query }) => pageWire(world, listBatchMembers(world, scope, params.id, query)),
  }),
];
