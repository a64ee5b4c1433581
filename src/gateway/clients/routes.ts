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
    description:
      "Lists the caller and the clients below it. `Take` (page size, an integer from 1 to 100) and `Skip` are sent as strings; `SearchText`/`Term` match the dba case-insensitively; `SortColumn` and `SortOrder` order the page. The PascalCase names are the spec's own. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
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
    description:
      "Creates a merchant or reseller under the calling reseller (a merchant caller gets 403). The answer is the only one that carries the new client's `api_key` and `encryption_keys`. `admin_contact_details.email` follows the spec's email rule (no plus-addressing, top-level domain of 2 to 4 letters), phones are `+<digits>` with no separator after the country code, `website` is at most 30 characters on create.",
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
    description:
      "Reads the caller itself or a client below it; any other id is 404, whether it exists or not.",
    response: clientResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getClient(world, scope, params.clientId), requestId),
  }),
  defineOperation({
    id: "updateClient",
    method: "POST",
    path: "/v1/clients/:clientId",
    summary: "Partially update a client",
    description:
      "Partial update: only the properties sent change (re-sending unchanged values can overwrite newer ones). `website` takes up to 100 characters here. The same email and phone rules as on create.",
    body: updateClientBody,
    response: clientResponse,
    errors: [400, 401, 403, 404, 409, 500],
    handle: ({ world, scope, params, body, requestId }) =>
      toWire(updateClient(world, scope, params.clientId, body), requestId),
  }),
];

