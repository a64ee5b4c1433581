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
