import { defineOperation } from "../operation.js";
import {
  createIntegrationBody,
  integrationResponse,
  integrationSummaryList,
  toSummaryList,
  toWire,
  updateIntegrationBody,
} from "./schema.js";
import { createIntegration, getIntegration, integrationSummary, listIntegrations, updateIntegration } from "./service.js";

/** The five integration operations of the spec's Endpoints table. */
export const integrationRoutes = [
  defineOperation({
    id: "listIntegrations",
    method: "GET",
    path: "/v1/integrations",
    summary: "Integration summaries of the acting client",
    description:
      "Integration summaries of the acting client (the caller, or the client named by `X-Acting-As-Client-Id`).",
    response: integrationSummaryList,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, requestId }) => toSummaryList(listIntegrations(world, scope), requestId),
  }),
  defineOperation({
    id: "createIntegration",
    method: "POST",
    path: "/v1/integrations",
    summary: "Create a processor configuration",
    description:
      "Creates a processor configuration for `client` (default: the acting client). `processor` is `Cardproc` or `Achproc` (exact case; other spellings are 400) and picks the shape of `integration_details`: the 29 required card-processor fields (`phone_number` digits only as a JSON integer, `fax_number` 10 to 12 digits, `settlement_time` HH:MM) or the ACH `client_id`/`client_secret`. The secret is write-only: every answer masks it.",
    body: createIntegrationBody,
    response: integrationResponse,
    errors: [400, 401, 403, 409, 500],
    handle: ({ world, scope, body, requestId }) => toWire(createIntegration(world, scope, body), requestId),
  }),
  defineOperation({
    id: "getIntegration",
    method: "GET",
    path: "/v1/integrations/:id",
    summary: "Read an integration",
    description:
      "Reads one integration; the ACH `client_secret` comes back masked. 404 for an integration of a client the caller may not see.",
    response: integrationResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getIntegration(world, scope, params.id), requestId),
  }),
  defineOperation({
    id: "updateIntegration",
    method: "POST",
    path: "/v1/integrations/:id",
    summary: "Replace an integration's configuration (is_active false deactivates)",
    description:
      "Replaces the whole configuration: `is_active`, `processor` and `integration_details` are all required, with the same rules as on create. `processor` must be the integration's own: an integration never changes processor (400 naming `processor`). `is_active: false` deactivates the integration, so payments needing that processor fail.",
    body: updateIntegrationBody,
    response: integrationResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, body, requestId }) =>
      toWire(updateIntegration(world, scope, params.id, body), requestId),
  }),
  defineOperation({
    id: "listIntegrationSummary",
    method: "GET",
    path: "/v1/integrations/summary/:id",
    summary: "Integration summaries of one client",
    description:
      "Integration summaries of one client (`id` is a client id the caller may see; otherwise 404).",
    response: integrationSummaryList,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toSummaryList(integrationSummary(world, scope, params.id), requestId),
  }),
];
