/**
 * The Client entity: a `reseller` (parent) or a `merchant`. Plain data; no HTTP, no zod.
 */
export type ClientType = "merchant" | "reseller";

/** The spec's seven allowed (lower-case) IANA zones. */
export const TIME_ZONES = [
  "america/los_angeles",
  "america/phoenix",
  "america/denver",
  "america/chicago",
  "america/new_york",
  "pacific/honolulu",
  "america/anchorage",
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

export interface AdminContact {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  time_zone: TimeZone | null;
}

export interface Client {
  id: string;
  type: ClientType;
  dba: string;
  /** The parent account; the root reseller's parent is the platform id {@link PLATFORM_ID}. */
  parent_id: string;
  website: string | null;
  admin_contact_details: AdminContact;
  /** Accepted and kept, not returned: the spec's Client table does not list them. */
  primary_phone: string | null;
  support_phone: string | null;
  api_key: string;
  encryption_keys: { key_id: string; public_key: string };
  /** Simulated creation instant (ms); sorts lists. */
  created_at: number;
}

/** The parent id reported for a root reseller: the gateway platform itself. */
export const PLATFORM_ID = "CLIENT-00000000000000000000000000";

/** Default merchant zone when the admin contact has none (PRODUCT.md). */
export const DEFAULT_TIME_ZONE: TimeZone = "america/new_york";

/** `america/new_york` -> `America/New_York`, the form `Intl` understands. */
export function ianaZone(zone: TimeZone | null): string {
  return (zone ?? DEFAULT_TIME_ZONE)
    .split("/")
    .map((part) => part.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("_"))
    .join("/");
}

/** A merchant's time zone for settlement times: its admin contact's, else the default. */
export function merchantZone(client: Client): string {
  return ianaZone(client.admin_contact_details.time_zone);
}
