import { MERCHANT, type Caller, type setup } from "./helpers.js";
import { expectTransaction } from "./payments-helpers.js";

/** Reads shared by the scenario-and-payments suites (magic values, library, control helpers, clock). */
type T = ReturnType<typeof setup>;

/** `GET {root}/v1/transactions/{id}`, checked against the strict Transaction schema. */
export const read = async (t: T, id: string, root = "") => expectTransaction(await t.get(`${root}/v1/transactions/${id}`));

/** The merchant's transactions, newest first (`q` appends query parameters, starting with `&`). */
export const list = async (t: T, q = "", root = "") => (await t.get(`${root}/v1/transactions?limit=100${q}`)).body.data as any[];

/** `POST /v1/batches/close` for the merchant's open batch of one processor. */
export const close = (t: T, processor: "Cardproc" | "Achproc" = "Cardproc", root = "") =>
  t.post(`${root}/v1/batches/close`, { client_id: MERCHANT.id, processor, batch_type: processor === "Cardproc" ? "card" : "ach", created_at: "now" });

/** Every batch of the caller, oldest first. */
export const batches = async (t: T, as: Caller = MERCHANT, root = "") =>
  (await t.get(`${root}/v1/batches?take=100&sort_column=created_at&sort_order=asc`, { as })).body.data as any[];

/** One batch of the merchant by id, as `GET /v1/batches` shows it. */
export const batch = async (t: T, id: string) => (await batches(t)).find((b) => b.id === id);
