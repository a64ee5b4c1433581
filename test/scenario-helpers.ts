import { RESELLER, setup } from "./helpers.js";

type Double = ReturnType<typeof setup>;

/** POSTs a scenario file (YAML text) to `{root}/_mock/scenarios`. */
export function loadYaml(t: Double, yaml: string, root = "") {
  return t.call("POST", `${root}/_mock/scenarios`, { as: null, raw: yaml, headers: { "content-type": "application/yaml" } });
}

/** A valid create-client body for the reseller's child. */
export function newClient(dba = "Child Co") {
  return { dba, type: "merchant", admin_contact_details: { first_name: "Ann", last_name: "Lee", email: "ann@example.com" } };
}

/** Creates a child client as the reseller. */
export function createChild(t: Double, dba = "Child Co", root = "") {
  return t.post(`${root}/v1/clients`, newClient(dba), { as: RESELLER });
}

/** Records answers as `status | x-request-id | x-paydouble-rule | body` lines, for byte-for-byte comparison of two runs. */
export function transcript() {
  const lines: string[] = [];
  const note = (r: { status: number; headers: Headers; text: string }) =>
    lines.push([r.status, r.headers.get("x-request-id"), r.headers.get("x-paydouble-rule"), r.text].join(" | "));
  return { lines, note };
}
