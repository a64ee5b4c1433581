import { GatewayError, notFound } from "../../core/errors.js";
import type { ClientScope } from "../auth.js";
import { canRead, indexUnder, listOwners, newestPage } from "../tenancy.js";
import type { World } from "../world.js";
import type { CreateUserInput, ListUsersQuery, MfaChallengeInput } from "./schema.js";
import { loginKey, type User } from "./user.js";

/**
 * User operations and MFA challenges. Login names (emails) are unique in the whole world, as a
 * login must be, so a second user with the same email (any case, any client) is 409.
 */
export function createUser(world: World, scope: ClientScope, input: CreateUserInput): User {
  const key = loginKey(input.email);
  if (world.state.userByEmail.has(key)) {
    throw new GatewayError("DUPLICATE_ACTION", {
      message: "A user with this email already exists.",
      details: { email: "is already the login name of another user" },
    });
  }
  const user: User = {
    id: world.ids.next("USER"),
    client_id: scope.actor.id,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone ?? null,
    time_zone: input.time_zone ?? null,
    is_mfa_active: false,
    is_active: true,
    is_locked: false,
    created_at: world.clock.now(),
  };
  world.state.users.set(user.id, user);
  world.state.userByEmail.set(key, user.id);
  indexUnder(world.state.usersByClient, user.client_id, user.id, () => []);
  return user;
}

export function getUser(world: World, scope: ClientScope, id: string): User {
  const u = world.state.users.get(id);
  if (!u || !canRead(world, scope, u.client_id)) throw notFound("User");
  return u;
}

export function listUsers(world: World, scope: ClientScope, q: ListUsersQuery) {
  const lists = listOwners(world, scope).map((owner) => world.state.usersByClient.get(owner) ?? []);
  return newestPage(lists, (id) => world.state.users.get(id)!, (u) => u.id, q);
}

/** How long a one-time password stays valid (decisions table). */
export const MFA_TTL_MS = 10 * 60 * 1000;

/**
 * Starts an OTP challenge. The answer is the same whether or not a user has that email, so the
 * endpoint cannot be used to discover login names; nothing is sent and nothing is stored.
 */
export function createMfaChallenge(world: World, input: MfaChallengeInput) {
  return { type: input.type, expiresAt: world.clock.now() + MFA_TTL_MS };
}
