import { defineOperation } from "../operation.js";
import { pageToWire } from "../paging.js";
import { createPaymentTokenBody, listPaymentTokensQuery, paymentTokenList, paymentTokenResponse, toWire } from "./schema.js";
import { scheduleTokenStatus } from "../transactions/effects.js";
import { checkPaymentTokenCreate, createPaymentToken, getPaymentToken, listPaymentTokens } from "./service.js";

/** The payment token operations (spec "Operations referenced with few details"). */
export const paymentTokenRoutes = [
  defineOperation({
    id: "createPaymentToken",
    method: "POST",
    path: "/v1/payment_tokens",
    summary: "Store a card or bank account as a payment token",
    description:
      "Vaults a card or bank account and answers its payment token. The card must pass the Luhn check and not be expired; a bank account needs a 9-digit `routing_number` with a valid ABA checksum. The customer's `contact.email` follows the spec's email rule. Only the masked instrument ever comes back.",
    body: createPaymentTokenBody,
    response: paymentTokenResponse,
    errors: [400, 401, 403, 500],
    check: ({ world, body }) => checkPaymentTokenCreate(world, body),
    handle: ({ world, scope, body, requestId, matched }) => {
      const token = createPaymentToken(world, scope, body);
      // A rule's `schedule: token_status` (e.g. a bank token failing verification an hour later).
      for (const s of matched?.outcome.schedule ?? []) if (s.event === "token_status") scheduleTokenStatus(world, token.token, s);
      return toWire(token, requestId);
    },
  }),
  defineOperation({
    id: "getPaymentToken",
    method: "GET",
    path: "/v1/payment_tokens/:token",
    summary: "Read a payment token",
    description:
      "Reads one payment token (masked instrument, `status`); 404 for another tenant's token.",
    response: paymentTokenResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getPaymentToken(world, scope, params.token), requestId),
  }),
  defineOperation({
    id: "listPaymentTokens",
    method: "GET",
    path: "/v1/payment_tokens",
    summary: "List payment tokens",
    description:
      "Lists the client's payment tokens, newest first, filtered by `customer_id`, `status` or `type`. `limit` is the page size, an integer from 1 to 100. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
    query: listPaymentTokensQuery,
    response: paymentTokenList,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query, requestId }) => pageToWire(listPaymentTokens(world, scope, query), toWire, requestId),
  }),
];
