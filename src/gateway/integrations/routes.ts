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
    response: integrationSummaryList,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, requestId }) => toSummaryList(listIntegrations(world, scope), requestId),
  }),
  defineOperation({
    id: "createIntegration",
    method: "POST",
    path: "/v1/integrations",
    summary: "Create a processor configuration",
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
    response: integrationResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getIntegration(world, scope, params.id), requestId),
  }),
  defineOperation({
    id: "updateIntegration",
    method: "POST",
    path: "/v1/integrations/:id",
    summary: "Replace an integration's configuration (is_active false deactivates)",
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
    response: integrationSummaryList,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toSummaryList(integrationSummary(world, scope, params.id), requestId),
  }),
];
