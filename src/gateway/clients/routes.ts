import { defineOperation } from "../operation.js";
import {
  clientResponse,
  createClientBody,
  createClientResponse,
  listClientsQuery,
  listClientsResponse,
  toWire,
  updateClientBody,
} from "./schema.js";
import { createClient, getClient, listClients, updateClient } from "./service.js";

/** The four client operations of the spec's Endpoints table. */
export const clientRoutes = [
  defineOperation({
    id: "listClients",
    method: "GET",
    path: "/v1/clients",
    summary: "List the clients the caller may see",
    query: listClientsQuery,
    response: listClientsResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query, requestId }) => {
      const page = listClients(world, scope, query);
      return { data: page.rows.map((c) => toWire(c, requestId)), total_count: page.total, take: page.take, skip: page.skip };
    },
  }),
  defineOperation({
    id: "createClient",
    method: "POST",
    path: "/v1/clients",
    summary: "Create a child client (reseller only)",
    body: createClientBody,
    response: createClientResponse,
    errors: [400, 401, 403, 409, 500],
    handle: ({ world, scope, body, requestId }) => toWire(createClient(world, scope, body), requestId, true),
  }),
  defineOperation({
    id: "getClient",
    method: "GET",
    path: "/v1/clients/:clientId",
    summary: "Read a client",
    response: clientResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getClient(world, scope, params.clientId), requestId),
  }),
  defineOperation({
    id: "updateClient",
    method: "POST",
    path: "/v1/clients/:clientId",
    summary: "Partially update a client",
    body: updateClientBody,
    response: clientResponse,
    errors: [400, 401, 403, 404, 409, 500],
    handle: ({ world, scope, params, body, requestId }) =>
      toWire(updateClient(world, scope, params.clientId, body), requestId),
  }),
];

