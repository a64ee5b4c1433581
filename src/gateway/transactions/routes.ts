import { defineOperation } from "../operation.js";
import { listTransactions, pageWire, present } from "./reporting.js";
import {
  cancelBody,
  captureBody,
  createTransactionBody,
  listTransactionsQuery,
  transactionListResponse,
  transactionResponse,
} from "./schema.js";
import { cancelTransaction, captureTransaction, checkCreateTransaction, createTransaction, findTransaction, getTransaction, matchView } from "./service.js";

/** The transaction operations: create, capture, cancel and the two reporting reads. */
export const transactionRoutes = [
  defineOperation({
    id: "createTransaction",
    method: "POST",
    path: "/v1/transactions",
    summary: "Create a card SALE/AUTH or a bank-account SALE/PAYOUT (directly or by payment token)",
    body: createTransactionBody,
    response: transactionResponse,
    errors: [400, 401, 403, 404, 500, 502],
    matchView,
    check: ({ world, scope, body }) => checkCreateTransaction(world, scope, body),
    handle: ({ world, scope, body, matched }) => present(world, createTransaction(world, scope, body, matched), "created"),
  }),
  defineOperation({
    id: "listTransactions",
    method: "GET",
    path: "/v1/transactions",
    summary: "List the client's transactions (filters type, card_type, start_date, end_date)",
    query: listTransactionsQuery,
    response: transactionListResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query }) => pageWire(world, listTransactions(world, scope, query)),
  }),
  defineOperation({
    id: "getTransaction",
    method: "GET",
    path: "/v1/transactions/:id",
    summary: "Read one transaction (initiator comes back null)",
    response: transactionResponse,
    errors: [400, 401, 403, 404, 500],
    check: ({ world, scope, params }) => void findTransaction(world, scope, params.id!),
    handle: ({ world, scope, params }) => present(world, getTransaction(world, scope, params.id), "by_id"),
  }),
  defineOperation({
    id: "captureTransaction",
    method: "POST",
    path: "/v1/transactions/:id/capture",
    summary: "Capture an authorization (all of it unless amount says less)",
    body: captureBody,
    bodyOptional: true,
    response: transactionResponse,
    errors: [400, 401, 403, 404, 409, 500, 502],
    check: ({ world, scope, params }) => void findTransaction(world, scope, params.id!),
    handle: ({ world, scope, params, body, matched }) => present(world, captureTransaction(world, scope, params.id, body, matched), "created"),
  }),
  defineOperation({
    id: "cancelTransaction",
    method: "POST",
    path: "/v1/transactions/:id/cancel",
    summary: "VOID before the batch closes (reported as CANCEL) or REFUND after settlement",
    body: cancelBody,
    response: transactionResponse,
    errors: [400, 401, 403, 404, 409, 500, 502],
    check: ({ world, scope, params }) => void findTransaction(world, scope, params.id!),
    handle: ({ world, scope, params, body, matched }) => present(world, cancelTransaction(world, scope, params.id, body, matched), "created"),
  }),
];
