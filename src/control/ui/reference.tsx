import { CallButton, Empty, Head, Pre, text, Time } from "./parts.js";

export interface QuirkRow {
  name: string;
  enabled: boolean;
  spec: string;
}
export interface MagicRule {
  name: string | null;
  description: string | null;
  when: unknown;
  then: unknown;
}
export interface Credential {
  id: string;
  api_key: string;
  type: string;
  dba: string;
  parent_id: string | null;
}

/**
 * Quirks with their state (`GET /_mock/quirks`), the fixture credentials (`GET /_mock/fixtures`)
 * with a copyable curl, and the magic values (`GET /_mock/magic-values`).
 */
export function ReferenceView(props: { quirks: QuirkRow[]; magic: MagicRule[]; clients: Credential[]; v1: string }) {
  return (
    <>
      <h3>Fixture credentials</h3>
      <table>
        <Head cols={["Client", "Type", "Client-Id / Api-Key", "Try it"]} />
        <tbody>
          {props.clients.map((c, i) => {
            const curl = `curl -s ${props.v1}/clients/${c.id} -H "Api-Key: ${c.api_key}" -H "Client-Id: ${c.id}"`;
            return (
              <tr>
                <td>{c.dba}</td>
                <td>{c.type}</td>
                <td>
                  <code class="id">{c.id}</code>
                  <br />
                  <code class="id">{c.api_key}</code>
                </td>
                <td>
                  <Pre id={`curl-${i}`}>{curl}</Pre>
                  <button type="button" data-copy={`curl-${i}`}>
                    Copy curl
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3>Quirks</h3>
      <table>
        <Head cols={["Quirk", "State", "Spec sentence"]} />
        <tbody>
          {props.quirks.map((q) => (
            <tr>
              <td>
                <code>{q.name}</code>
              </td>
              <td>{q.enabled ? "on" : "off"}</td>
              <td>{q.spec}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Magic values</h3>
      {props.magic.length === 0 ? (
        <Empty>The built-in magic values are off (--no-builtin).</Empty>
      ) : (
        <table>
          <Head cols={["Rule", "When", "Then"]} />
          <tbody>
            {props.magic.map((m) => (
              <tr>
                <td>{text(m.name)}</td>
                <td>
                  <code>{text((m.when as { body?: unknown }).body ?? m.when)}</code>
                </td>
                <td>
                  <code>{text(m.then)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export interface SandboxRow {
  id: string;
  base_url: string;
  seed: string;
  now: string;
}

/**
 * Sandboxes (`GET/POST /_mock/sandboxes`, `DELETE /_mock/sandboxes/{id}`): managed from the root
 * world. The form sends a seed and shipped scenario names as `POST /_mock/sandboxes` takes them.
 */
export function SandboxesView(props: { sandboxes: SandboxRow[] | null; limit: number; scenarios: readonly string[] }) {
  if (props.sandboxes === null) return <Empty>Sandboxes are managed from the server root's inspector.</Empty>;
  return (
    <>
      <form id="sandbox-form" class="filters" aria-label="Create a sandbox" data-create="sandboxes">
        <span class="field">
          <label for="sandbox-seed">Seed</label>
          <input id="sandbox-seed" name="seed" type="text" size={16} placeholder="the sandbox id" />
        </span>
        <span class="field">
          <label for="sandbox-scenarios">Shipped scenarios</label>
          <select id="sandbox-scenarios" name="scenarios" multiple size={Math.min(4, props.scenarios.length)}>
            {props.scenarios.map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </span>
        <button type="submit">Create a sandbox</button>
      </form>
      <p>
        {props.sandboxes.length} of at most {props.limit}.
      </p>
      {props.sandboxes.length === 0 ? null : (
        <table>
          <Head cols={["Sandbox", "Seed", "Simulated now", "Actions"]} />
          <tbody>
            {props.sandboxes.map((s) => (
              <tr>
                <td>
                  <code class="id">{s.id}</code>
                  <br />
                  <code>{s.base_url}</code>
                </td>
                <td>{s.seed}</td>
                <td>
                  <Time iso={s.now} />
                </td>
                <td>
                  <a href={`${new URL(s.base_url).pathname}/_mock/ui`}>Open</a>{" "}
                  <CallButton method="DELETE" path={`sandboxes/${encodeURIComponent(s.id)}`} label={`Delete ${s.id}`} confirm={`Delete sandbox ${s.id}?`} result="sandboxes-result" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
