import { TIME_ZONES } from "../gateway/clients/client.js";

/** Hover help of the fixtures JSON Schema: one sentence and one example per property (see schema-docs.ts). */
export const FIXTURE_DOCS: Record<string, [markdown: string, example: unknown]> = {
  $schema: ["Where an editor finds this JSON Schema, in a JSON file (a YAML file says it in a `# yaml-language-server: $schema=...` comment). paydouble ignores it.", "./node_modules/paydouble/fixtures/schema.json"],
  clients: ["The clients every world starts with, a parent before its children. Their ids and keys are fixed so tests can use them.", [{ id: "CLIENT-01JDEM0MERCHANT00000000000", api_key: "pk_live_01JDEM0MERCHANTKEY00000000", type: "merchant", dba: "Demo Merchant" }]],
  "clients.id": ["`CLIENT-` and a ULID (26 characters of Crockford base32); the `Client-Id` header.", "CLIENT-01JDEM0MERCHANT00000000000"],
  "clients.api_key": ["`pk_live_` and letters, digits or `_`; the `Api-Key` header.", "pk_live_01JDEM0MERCHANTKEY00000000"],
  "clients.type": ["Whether the client takes payments or manages other clients.", "merchant"],
  "clients.dba": ["Doing-business-as name, 1-100 characters.", "Demo Merchant"],
  "clients.parent_id": ["The parent reseller's id; `null` for a client directly under the platform.", "CLIENT-01JR00TRESE11ER0000000000R"],
  "clients.website": ["Website, at most 30 characters, or `null`.", "shop.example.com"],
  "clients.admin_contact_details": ["The admin contact; every field may be `null`.", { first_name: "Mara", last_name: "Chant", email: "mara@shop.example.com" }],
  "clients.admin_contact_details.first_name": ["First name.", "Mara"],
  "clients.admin_contact_details.last_name": ["Last name.", "Chant"],
  "clients.admin_contact_details.email": ["Email address.", "mara@shop.example.com"],
  "clients.admin_contact_details.phone": ["Phone number (quote it in YAML).", "+12125550199"],
  "clients.admin_contact_details.time_zone": ["The contact's time zone, lower case.", "america/new_york"],
  integrations: ["Processor integrations of the fixture clients, so payments work from the start.", [{ id: "INTEGRATION-01JDEM0CARDPROC0000000000", client: "CLIENT-01JDEM0MERCHANT00000000000", processor: "Cardproc", is_active: true, integration_details: {} }]],
  "integrations.id": ["`INTEGRATION-` and a ULID.", "INTEGRATION-01JDEM0CARDPROC0000000000"],
  "integrations.client": ["The id of a client of this file.", "CLIENT-01JDEM0MERCHANT00000000000"],
  "integrations.processor": ["The processor: cards or bank accounts.", "Cardproc"],
  "integrations.is_active": ["Only an active integration takes payments.", true],
  "integrations.integration_details": ["The processor's settings, checked like `POST /v1/clients/{clientId}/integrations` checks them.", { merchant_id: "M-1001" }],
};

export const FIXTURE_ENUM_DOCS: Record<string, Record<string, string>> = {
  "clients.type": { merchant: "Takes payments.", reseller: "Creates and manages merchants (and acts for them)." },
  "integrations.processor": { Cardproc: "Card payments (SALE, AUTH).", Achproc: "Bank-account payments (SALE, PAYOUT)." },
  "clients.admin_contact_details.time_zone": Object.fromEntries(TIME_ZONES.map((z) => [z, `The ${z.replace("/", " ").replace(/_/g, " ")} time zone.`])),
};
