import type { JournalEntry } from "../../gateway/journal.js";
import { Empty, Head, Pre, text } from "./parts.js";

/** Rows shown at most: the newest; the JSON API has the rest. */
export const LOG_ROWS = 200;

/**
 * The live request log, newest first: what `GET /_mock/requests` returns (with the same filters).
 * Latency is not in the journal (wall time would break replay identity): the page fills the cell
 * from the live stream's `latency_ms` for rows it saw arrive.
 */
export function LogView(props: { entries: readonly JournalEntry[]; total: number }) {
  const rows = props.entries.slice(-LOG_ROWS).reverse();
  if (rows.length === 0) return <Empty>No /v1 request yet (or none matching the filters).</Empty>;
  return (
    <>
      <p class="count">
        {props.total} matching {props.total === 1 ? "request" : "requests"}
        {props.total > rows.length ? `, newest ${rows.length} shown` : ""}
      </p>
      <table class="log">
        <caption class="sr-only">Requests, newest first</caption>
        <Head cols={["#", "Simulated time", "Method", "Path", "Status", "Operation", "Client", "Rule", "Latency"]} />
        {rows.map((e) => (
          <LogRow entry={e} />
        ))}
      </table>
    </>
  );
}

function LogRow(props: { entry: JournalEntry }) {
  const e = props.entry;
  const cls = e.status === 0 || e.status >= 500 ? "bad" : e.status >= 400 ? "warn" : "ok";
  return (
    <tbody data-seq={String(e.seq)}>
      <tr>
        <td>{e.seq}</td>
        <td>
          <time datetime={e.at}>{e.at}</time>
        </td>
        <td>{e.method}</td>
        <td class="path">{e.path}</td>
        <td>
          <span class={`status ${cls}`}>{e.status === 0 ? "no reply" : e.status}</span>
          {e.error_code ? <span class="code"> {e.error_code}</span> : null}
        </td>
        <td>{text(e.operation)}</td>
        <td class="id">{text(e.client_id)}</td>
        <td>{text(e.rule)}</td>
        <td class="latency" data-latency-for={String(e.seq)}>
          —
        </td>
      </tr>
      <tr class="more">
        <td colspan={9}>
          <details id={`req-${e.seq}`}>
            <summary>Request #{e.seq}: bodies and match</summary>
            <div class="pair">
              <section aria-label={`Request body of #${e.seq}`}>
                <h4>Request body</h4>
                <Pre>{e.body === null || e.body === undefined ? "(none)" : JSON.stringify(e.body, null, 2)}</Pre>
              </section>
              <section aria-label={`Answer body of #${e.seq}`}>
                <h4>Answer body</h4>
                <Pre>{e.response === null || e.response === undefined ? "(none)" : JSON.stringify(e.response, null, 2)}</Pre>
              </section>
            </div>
            <h4>Match</h4>
            <p>{e.rule ? `Shaped by rule ${e.rule}.` : "No scenario rule shaped this answer (the gateway's own behaviour)."}</p>
            <NearMisses entry={e} />
            <button type="button" data-explain={String(e.seq)} data-result={`explain-${e.seq}`}>
              Explain against the active rules
            </button>
            <output id={`explain-${e.seq}`} class="result" aria-live="polite"></output>
          </details>
        </td>
      </tr>
    </tbody>
  );
}

function NearMisses(props: { entry: JournalEntry }) {
  const misses = props.entry.near_misses ?? [];
  if (misses.length === 0) return <p>No near-miss recorded.</p>;
  return (
    <>
      <p>Near-misses (closest first):</p>
      <ul class="near">
        {misses.map((m) => (
          <li>
            <code>{m.rule}</code>: {m.reason}
          </li>
        ))}
      </ul>
    </>
  );
}
