import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { adminCreate } from "../clients/schema.js";
import { dateTime, email } from "../fields.js";
import { limitOffset, pageSchema } from "../paging.js";
import type { User } from "./user.js";

/** Wire schemas of the User resource and the MFA challenge (PRODUCT.md request shapes). */

/** The same person fields, with the same rules, as a client's admin contact on create. */
export const createUserBody = lazy(() => adminCreate().meta({ id: "CreateUserRequest" }));
export type CreateUserInput = z.output<ReturnType<typeof createUserBody>>;

export const listUsersQuery = lazy(() => z.object(limitOffset).strict());
export type ListUsersQuery = z.output<ReturnType<typeof listUsersQuery>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
export const userResponse = lazy(() => z
  .object({
    id: z.string(),
    object: z.literal("user"),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    time_zone: z.string().nullable(),
    is_mfa_active: z.boolean(),
    is_active: z.boolean(),
    is_locked: z.boolean(),
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "User" }));

export const userList = lazy(() => pageSchema(userResponse(), "UserList"));

export function toWire(u: User, correlationId: string) {
  return {
    id: u.id,
    object: "user" as const,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    time_zone: u.time_zone,
    is_mfa_active: u.is_mfa_active,
    is_active: u.is_active,
    is_locked: u.is_locked,
    correlation_id: correlationId,
  };
}

/** The spec's OTP request types. */
export const MFA_TYPES = ["forgot_password", "2fa"] as const;

export const mfaChallengeBody = lazy(() => z
  .object({
    type: z.enum(MFA_TYPES, { error: `must be one of ${MFA_TYPES.join(", ")}` }),
    email,
  })
  .strict()
  .meta({ id: "MfaChallengeRequest" }));
export type MfaChallengeInput = z.output<ReturnType<typeof mfaChallengeBody>>;

export const mfaChallengeResponse = lazy(() => z
  .object({
    object: z.literal("mfa_challenge"),
    type: z.enum(MFA_TYPES),
    status: z.literal("sent"),
    expires_at: dateTime,
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "MfaChallenge" }));

/** The challenge answer: the OTP was (notionally) sent and expires at `expires_at`. */
export function toMfaWire(c: { type: MfaChallengeInput["type"]; expiresAt: number }, correlationId: string) {
  return {
    object: "mfa_challenge" as const,
    type: c.type,
    status: "sent" as const,
    expires_at: new Date(c.expiresAt).toISOString(),
    correlation_id: correlationId,
  };
}
