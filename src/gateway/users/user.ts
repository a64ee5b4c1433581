import type { TimeZone } from "../clients/client.js";

/**
 * The User entity: a person who logs in to a client's dashboard. Not a unit of access on the public
 * API (the spec: "a client and its API key are the unit of access"). `email` is the login name.
 */
export interface User {
  /** `USER-<ulid>`. */
  id: string;
  /** The client the user belongs to. */
  client_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  time_zone: TimeZone | null;
  is_mfa_active: boolean;
  /** Can log in. */
  is_active: boolean;
  is_locked: boolean;
  created_at: number;
}

/** Login names compare without case, as email addresses do in practice. */
export function loginKey(email: string): string {
  return email.toLowerCase();
}
