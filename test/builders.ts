/** Request bodies that pass validation, for tests to vary one field at a time. */

/** A valid create-client body (a merchant). */
export function newClient(overrides: Record<string, unknown> = {}) {
  return {
    dba: "Corner Cafe",
    type: "merchant",
    website: "cafe.example.com",
    admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@cafe.example.com", phone: "+14155550123", time_zone: "america/chicago" },
    ...overrides,
  };
}
