import { RESELLER, type setup } from "./helpers.js";

/** Valid card-processor details (the demo fixture's), copied per use so tests can edit them. */
export function cardDetails(): Record<string, unknown> {
  return {
    name: "Demo Merchant LLC",
    dba: "Demo Merchant",
    url: "https://shop.example.com",
    phone_number: 2125550199,
    mid: "4445012345678",
    amex_number: "1234567890",
    association: "123456",
    bin: "999995",
    discover_number: "601101234567890",
    mcc: "5999",
    bank_number: "1234",
    industry: "R",
    amex_opt_blue: false,
    store_number: "0001",
    mvv: "0000000000",
    terminal_number: "0001",
    agent_bank_number: "000000",
    agent_chain_number: "000000",
    descriptor_postal: "10001",
    descriptor_city: "New York",
    descriptor_state: "NY",
    address1: "1 Demo Street",
    terminal_id: "00000001",
    v_number: "75021670",
    settlement_time: "22:00",
    merchant_area_code: 212,
    sharing_group: "ABCDEFGH",
    merchant_aba_number: "021000021",
    merchant_settlement_agent_number: "V123",
    reimbursement_attribute: "Z",
  };
}

export const cardBody = (details: Record<string, unknown> = cardDetails(), extra: Record<string, unknown> = {}) => ({
  is_active: true,
  processor: "Cardproc",
  integration_details: details,
  ...extra,
});

export const ACH_SECRET = "sekret-ach-VALUE-12345";
export const achBody = (extra: Record<string, unknown> = {}) => ({
  is_active: true,
  processor: "Achproc",
  integration_details: { client_id: "ach-client-1", client_secret: ACH_SECRET },
  ...extra,
});

export const PAN = "4242424242424242";
export const ACCOUNT = "000123456789";

export const cardMethod = (over: Record<string, unknown> = {}) => ({
  type: "Card",
  entry_method: "ECOMMERCE",
  pan: PAN,
  expiry: { month: "12", year: "2030" },
  cvv: "123",
  first_name: "Ada",
  last_name: "Lovelace",
  ...over,
});

export const achMethod = (over: Record<string, unknown> = {}) => ({
  type: "ACH",
  account_number: ACCOUNT,
  routing_number: "021000021",
  account_type: "checking",
  standard_entry_class: "WEB",
  first_name: "Ada",
  last_name: "Lovelace",
  ...over,
});

/** A second merchant under the reseller, with its credentials. */
export async function otherMerchant(t: ReturnType<typeof setup>) {
  const r = await t.post(
    "/v1/clients",
    { dba: "Other Shop", type: "merchant", admin_contact_details: { first_name: "Otto", last_name: "Other", email: "otto@other.example.com" } },
    { as: RESELLER },
  );
  if (r.status !== 200) throw new Error(`could not create a merchant: ${r.text}`);
  return { id: r.body.id as string, key: r.body.api_key as string };
}
