import type { ActivityItem } from "../../gateway/activity.js";
import type { JournalEntry } from "../../gateway/journal.js";
import { Empty, Head, Pre, plural, StoryLink, text, Time, TX_ID } from "./parts.js";

/** Rows of the log's first page and of each older page ("Show older"); new rows arrive as they happen. */
export const LOG_PAGE = 50;

/** What one log fragment holds: a page of requests, newest first, and the activity between them. */
export interface LogPage {
  entries: readonly JournalEntry[];
  activity: readonly ActivityItem[];
  /** Requests matching the filters in the whole journal. */
  total: number;
  /** Older requests than this page exist (a "Show older" button). */
  more: boolean;
  /** The newest journal seq and activity id this page accounts for: the cursors of the next update. */
  lastSeq: number;
  lastActivity: number;
  /** Payments a failed request created anyway, by the request's seq. */
  createdBy: ReadonlyMap<number, string[]>;
}

const COLS = ["#", "Simulated time", "Request", "Status", "Result", "Shaped by", "Client", "Latency"];

/**
 * The live request log, newest first: a page of what `GET /_mock/requests` returns (the same
 * filters), with the control actions and fired events of `GET /_mock/activity` between the requests
 * (without filters). The page's script asks for the first page, then only what is newer on each live
 * event, and older pages on demand, so an open tab never re-renders the whole log.
 * Latency is not in the journal (wall time would break replay identity): the script fills the cell
 * from the live stream's `latency_ms` for rows it saw arrive.
 */
export function LogView(props: { page: LogPage; fragment: "first" | "rows" }) {
  const p = props.page;
  const rows = merge(p.entries, p.activity).map((r) => ("seq" in r ? <LogRow entry={r} created={p.createdBy.get(r.seq) ?? []} /> : <ActivityRow item={r} />));
  const meta = { "data-count": String(p.total), "data-last-seq": String(p.lastSeq), "data-last-activity": String(p.lastActivity), "data-more": String(p.more) };
  if (props.fragment === "rows") {
    return (
      <div class="log-rows" {...meta}>
        <table>{rows}</table>
      </div>
    );
  }
  return (
    <div class="log-page" {...meta}>
      <p class="count" aria-live="polite">
        {countLine(p.total)}
      </p>
      {p.total === 0 ? <Empty>No /v1 request yet (or none matching the filters).</Empty> : null}
      <table class="log" hidden={rows.length === 0}>
        <caption class="sr-only">Requests and control actions, newest first</caption>
        <Head cols={COLS} />
        {rows}
      </table>
      {p.more ? (
        <button type="button" data-older="">
          Show older requests
        </button>
      ) : null}
    </div>
  );
}

export const countLine = (n: number) => `${plural(n, "matching request")}`;

/** Requests and activity, newest first: an activity item sits after the request it followed. */
function merge(entries: readonly JournalEntry[], activity: readonly ActivityItem[]): (JournalEntry | ActivityItem)[] {
  const all: { key: [number, number]; row: JournalEntry | ActivityItem }[] = [
    ...entries.map((e) => ({ key: [e.seq, 0] as [number, number], row: e })),
    ...activity.map((a) => ({ key: [a.after_seq, a.id] as [number, number], row: a })),
  ];
  all.sort((x, y) => y.key[0] - x.key[0] || y.key[1] - x.key[1]);
  return all.map((x) => x.row);
}

/** The query string as sent (masked), for display: `type=VOID&limit=10`. */
export function urlOf(e: JournalEntry): string {
  const q = Object.entries(e.query).map(([k, v]) => (v === "" ? k : `${k}=${v}`));
  return q.length ? `${e.path}?${q.join("&")}` : e.path;
}

/** The payment result of an answer that is a transaction (`APPROVED`, `DECLINED`, `ERROR`), else null. */
export function resultOf(e: JournalEntry): string | null {
  const r = (e.response as { result?: unknown } | null)?.result;
  return typeof r === "string" ? r : null;
}

/** The transactions an entry names (path, query, bodies), in order of appearance, without repeats. */
export function transactionsOf(e: JournalEntry): string[] {
  return [...new Set(JSON.stringify([e.path, e.query, e.body, e.response]).match(TX_ID) ?? [])];
}

function LogRow(props: { entry: JournalEntry; created: readonly string[] }) {
  const e = props.entry;
  const cls = e.status === 0 || e.status >= 500 ? "bad" : e.status >= 400 ? "warn" : "ok";
  const result = resultOf(e);
  const txs = transactionsOf(e);
  return (
    <tbody data-seq={String(e.seq)}>
      <tr>
        <td>{e.seq}</td>
        <td>
          <Time iso={e.at} />
        </td>
        <td class="request">
          <span class="method">{e.method}</span> <span class="path">{urlOf(e)}</span>
          {e.operation ? <span class="op">{e.operation}</span> : null}
        </td>
        <td>
          <span class={`status ${cls}`}>{e.status === 0 ? "no reply" : e.status}</span>
          {e.error_code ? <span class="code"> {e.error_code}</span> : null}
        </td>
        <td>{result ? <span class={`result-${result.toLowerCase()}`}>{result}</span> : "—"}</td>
        <td>
          <ShapedBy entry={e} />
        </td>
        <td class="id">{text(e.client_id)}</td>
        <td class="latency" data-latency-for={String(e.seq)}>
          —
        </td>
      </tr>
      {txs.length || props.created.length ? (
        <tr class="links-row">
          <td colspan={COLS.length}>
            {props.created.length ? (
              <span class="created">
                Created anyway, despite the {e.status}: {props.created.map((id) => <StoryLink id={id} />)}.{" "}
              </span>
            ) : null}
            {txs.length ? <>Story: {txs.slice(0, 4).map((id) => <StoryLink id={id} />)}</> : null}
          </td>
        </tr>
      ) : null}
      <tr class="more">
        <td colspan={COLS.length}>
          <details id={`req-${e.seq}`}>
            <summary>Request #{e.seq}: headers, bodies and match</summary>
            <div class="pair">
              <Block label={`Request headers of #${e.seq}`} value={e.request_headers} />
              <Block label={`Answer headers of #${e.seq}`} value={e.response_headers} />
              <Block label={`Request body of #${e.seq}`} value={e.body} />
              <Block label={`Answer body of #${e.seq}`} value={e.response} />
            </div>
            <h4>Match</h4>
            <p>
              {e.rule ? `Shaped by rule ${e.rule}.` : e.quirk ? `Shaped by the spec quirk ${e.quirk} (see Quirks & credentials).` : "No scenario rule or quirk shaped this answer (the gateway's own behaviour)."}
            </p>
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

function ShapedBy(props: { entry: JournalEntry }) {
  const e = props.entry;
  if (e.rule) return <span class="rule">rule {e.rule}</span>;
  if (e.quirk) return <span class="quirk">quirk {e.quirk}</span>;
  return <>—</>;
}

function Block(props: { label: string; value: unknown }) {
  const [, what] = /^(.*) of #/.exec(props.label) ?? [];
  return (
    <section aria-label={props.label}>
      <h4>{what}</h4>
      <Pre>{props.value === null || props.value === undefined ? "(none)" : JSON.stringify(props.value, null, 2)}</Pre>
    </section>
  );
}

/** A control action or a fired event, between the requests it came between. */
export function ActivityRow(props: { item: ActivityItem }) {
  const a = props.item;
  return (
    <tbody data-activity={String(a.id)} class={`activity ${a.kind}`}>
      <tr>
        <td>
          <span class="tag">{a.kind === "control" ? "control" : "clock"}</span>
        </td>
        <td>
          <Time iso={a.at} />
        </td>
        <td colspan={COLS.length - 2}>
          <span class="path">{a.title}</span>
          {a.status !== null ? <span class="code"> → {a.status}</span> : null}
          {a.summary ? <strong class="summary"> {a.summary}</strong> : null}
          {a.effects.length ? (
            <ul class="effects">
              {a.effects.slice(0, 20).map((f) => (
                <li>
                  <StoryLink id={f.transaction_id} />: {f.change}
                </li>
              ))}
              {a.effects.length > 20 ? <li>and {plural(a.effects.length - 20, "more payment")}</li> : null}
            </ul>
          ) : null}
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
