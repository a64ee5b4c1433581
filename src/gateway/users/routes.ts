import { defineOperation } from "../operation.js";
import { pageToWire } from "../paging.js";
import { createUserBody, listUsersQuery, mfaChallengeBody, mfaChallengeResponse, toMfaWire, toWire, userList, userResponse } from "./schema.js";
import { createMfaChallenge, createUser, getUser, listUsers } from "./service.js";

/** The user operations (spec "Operations referenced with few details"). */
export const userRoutes = [
  defineOperation({
    id: "createUser",
    method: "POST",
    path: "/v1/users",
    summary: "Create a dashboard user (email is the login name)",
    description:
      "Creates a dashboard user of the acting client; the email is the login name and follows the spec's email rule. A second user with the same email is 409.",
    body: createUserBody,
    response: userResponse,
    errors: [400, 401, 403, 409, 500],
    handle: ({ world, scope, body, requestId }) => toWire(createUser(world, scope, body), requestId),
  }),
  defineOperation({
    id: "getUser",
    method: "GET",
    path: "/v1/users/:id",
    summary: "Read a user",
    description:
      "Reads one user of the acting client; 404 otherwise.",
    response: userResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getUser(world, scope, params.id), requestId),
  }),
  defineOperation({
    id: "listUsers",
    method: "GET",
    path: "/v1/users",
    summary: "List users",
    description:
      "Lists the acting client's users. `limit` is the page size, an integer from 1 to 100. Query parameters not listed here are refused with 400 INVALID_REQUEST_DATA.",
    query: listUsersQuery,
    response: userList,
    errors: [400, 401, 403, 500],
    handle: ({ world, scope, query, requestId }) => pageToWire(listUsers(world, scope, query), toWire, requestId),
  }),
];

/** `POST /v1/mfa/challenges`: an OTP request of type `forgot_password` or `2fa`. */
export const mfaRoutes = [
  defineOperation({
    id: "createMfaChallenge",
    method: "POST",
    path: "/v1/mfa/challenges",
    summary: "Request a one-time password",
    description:
      "Asks for a one-time password of type `forgot_password` or `2fa` for the user with that email. The double sends nothing: it answers `status: sent` and when the code would expire.",
    body: mfaChallengeBody,
    response: mfaChallengeResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, body, requestId }) => toMfaWire(createMfaChallenge(world, body), requestId),
  }),
];
