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
    description:
      "Charges a card (`SALE` or `AUTH`) or a bank account (`SALE` or `PAYOUT`), directly or through a payment token (the pair follows the token's instrument). `amount` is the whole charge in cents, tip included: `tip` must not exceed `amount` (400 naming `tip`). A card's `pan` must pass the Luhn check and its `expiry` must not have passed (the card is valid through its month, on the simulated clock): 400 naming `payment_method.pan` or `payment_method.expiry`. Magic card numbers and account numbers choose declines, processor errors and returns (see the magic values reference). A processor decline is still 200 with `result: DECLINED`; a processor fault is 502 with `source.system` naming the processor.",
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
    description:
      "Lists the client's transactions, newest first by default. `type` is a comma list of SALE, AUTH, PAYOUT, REFUND, CANCEL (case-insensitive); `card_type` a comma list of CREDIT, DEBIT, UNKNOWN; `start_date`/`end_date` are ISO 8601 date-times; `limit` is an integer from 1 to 100. Quirks: `type=VOID` is a 500 and `PAYOUT` in the list returns unfiltered rows. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
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
    description:
      "Reads one transaction. `initiator` comes back null here (quirk `initiator_null_on_get`) and `card_type` shows the determined funding type rather than the create answer's UNKNOWN.",
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
    description:
      "Captures an approved AUTH: all of it, or `amount` cents (at most the authorized amount). The body may be omitted. Capturing twice is 409.",
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
    description:
      "`type: VOID` cancels a transaction before its batch closes (it is then reported as CANCEL), always whole: an `amount` other than the full amount is 400 naming `amount`. `type: REFUND` refunds a settled one, in full or for `amount` cents; a PAYOUT cannot be refunded (400 `INVALID_ACTION` naming `type`). Between batch close and settlement both are refused (409). The reference's `cancel` spelling is read as VOID.",
    body: cancelBody,
    response: transactionResponse,
    errors: [400, 401, 403, 404, 409, 500, 502],
    check: ({ world, scope, params }) => void findTransaction(world, scope, params.id!),
    handle: ({ world, scope, params, body, matched }) => present(world, cancelTransaction(world, scope, params.id, body, matched), "created"),
  }),
];
