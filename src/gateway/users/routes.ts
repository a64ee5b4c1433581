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
    response: userResponse,
    errors: [400, 401, 403, 404, 500],
    handle: ({ world, scope, params, requestId }) => toWire(getUser(world, scope, params.id), requestId),
  }),
  defineOperation({
    id: "listUsers",
    method: "GET",
    path: "/v1/users",
    summary: "List users",
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
    body: mfaChallengeBody,
    response: mfaChallengeResponse,
    errors: [400, 401, 403, 500],
    handle: ({ world, body, requestId }) => toMfaWire(createMfaChallenge(world, body), requestId),
  }),
];
