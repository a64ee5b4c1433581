import type { ActivityItem } from "../../gateway/activity.js";
import type { JournalEntry } from "../../gateway/journal.js";
import type { WireTransaction } from "../ledger.js";
import { resultOf, urlOf } from "./log.js";
import { Empty, JsonDetails, money, StoryLink, text, Time } from "./parts.js";
import { MethodCell } from "./ledger.js";

/** Everything the story of one payment is told from. */
export interface Story {
  tx: WireTransaction;
  /** Transactions that follow it (its CAPTURE, REFUND, CANCEL). */
  followers: readonly WireTransaction[];
  /** Journal entries naming it or a follower, oldest first. */
  entries: readonly JournalEntry[];
  /** Control actions and events that acted on it or a follower, oldest first. */
  activity: readonly ActivityItem[];
  /** The failed request that created it (a 502 after create), if one did. */
  createdBy: number | undefined;
}

/**
 * A payment's story: what it is now, then its life in order (the requests that created, read,
 * listed or followed it, and the control actions and clock events that closed, settled, returned
 * or removed it, each with what it did), every request linked to its log row and back.
 */
export function StoryView(props: { story: Story | null; id: string }) {
  const s = props.story;
  if (!s) return <Empty>{`No transaction ${props.id} in this world.`}</Empty>;
  const t = s.tx;
  const lines = merge(s);
  const firstListAfter502 = s.createdBy === undefined ? undefined : s.entries.find((e) => e.seq > s.createdBy! && e.operation === "listTransactions")?.seq;
  return (
    <article class="story" aria-labelledby="story-title">
      <h3 id="story-title">
        {t.type} {money(t.amount)} <span class={`result-${t.result.toLowerCase()}`}>{t.result}</span> <span class="id">{t.id}</span>
      </h3>
      {s.createdBy !== undefined ? (
        <p class="callout">
          Created by request <a href={`#req-${s.createdBy}`}>#{s.createdBy}</a>, which answered an error: the caller was told it failed, yet the payment exists.
          {firstListAfter502 !== undefined ? <> Request <a href={`#req-${firstListAfter502}`}>#{firstListAfter502}</a> found it (the reconciliation read).</> : " No list read found it since."}
        </p>
      ) : null}
      <dl class="facts">
        <dt>Method</dt>
        <dd>
          <MethodCell t={t} />
        </dd>
        <dt>Created</dt>
        <dd>
          <Time iso={t.time_created} />
        </dd>
        <dt>Batch</dt>
        <dd class="id">{text(t.batch_id)}</dd>
        <dt>Settled / returned</dt>
        <dd>
          {t.is_settled ? "settled" : "not settled"}, {t.is_returned ? `returned${t.return_code ? ` ${t.return_code}` : ""}` : "not returned"}
          {t.settlement_issue ? `, ${t.settlement_issue}` : ""}
        </dd>
        <dt>Metadata</dt>
        <dd>
          <code>{t.metadata ? JSON.stringify(t.metadata) : "—"}</code>
        </dd>
        {t.reference_transaction_id ? (
          <>
            <dt>Follows</dt>
            <dd>
              <StoryLink id={t.reference_transaction_id} />
            </dd>
          </>
        ) : null}
        {s.followers.length ? (
          <>
            <dt>Followed by</dt>
            <dd>
              {s.followers.map((f) => (
                <>
                  {f.type} <StoryLink id={f.id} />{" "}
                </>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <JsonDetails label="The transaction as GET /v1/transactions lists it" value={t} />
      <h4>Its life, oldest first</h4>
      {lines.length === 0 ? <Empty>Nothing in the journal names it (it may have left the ring).</Empty> : null}
      <ol class="timeline">
        {lines.map((line) => ("seq" in line ? <RequestLine e={line} story={s} /> : <ActivityLine a={line} ids={new Set([t.id, ...s.followers.map((f) => f.id)])} />))}
      </ol>
    </article>
  );
}

function merge(s: Story): (JournalEntry | ActivityItem)[] {
  const rows = [...s.entries.map((e) => ({ k: [e.seq, 0], row: e as JournalEntry | ActivityItem })), ...s.activity.map((a) => ({ k: [a.after_seq, a.id], row: a }))];
  rows.sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1]);
  return rows.map((r) => r.row);
}

/** What a request did for this payment, in words. */
function role(e: JournalEntry, s: Story): string {
  const id = s.tx.id;
  const answer = e.response as { id?: unknown; reference_transaction_id?: unknown; type?: unknown } | null;
  if (e.seq === s.createdBy) return `created it, but answered ${e.status}${e.error_code ? ` ${e.error_code}` : ""}`;
  if (answer?.id === id && e.operation === "createTransaction") return "created it";
  if (answer?.reference_transaction_id === id && typeof answer.type === "string") return `made its ${answer.type}`;
  if (e.operation === "listTransactions" || e.operation?.startsWith("list")) return "listed it";
  if (e.operation === "getTransaction") return "read it";
  return e.operation ? `${e.operation}` : "named it";
}

function RequestLine(props: { e: JournalEntry; story: Story }) {
  const e = props.e;
  const result = resultOf(e);
  const bad = e.status === 0 || e.status >= 400;
  return (
    <li class={bad ? "line bad" : "line"}>
      <Time iso={e.at} />{" "}
      <a href={`#req-${e.seq}`}>request #{e.seq}</a> <span class="path">{`${e.method} ${urlOf(e)}`}</span> →{" "}
      <span class={`status ${bad ? "bad" : "ok"}`}>{e.status === 0 ? "no reply" : e.status}</span>
      {e.error_code ? ` ${e.error_code}` : ""}
      {result ? <> {result}</> : null}: <strong>{role(e, props.story)}</strong>
      {e.rule ? <span class="rule"> (rule {e.rule})</span> : e.quirk ? <span class="quirk"> (quirk {e.quirk})</span> : null}
    </li>
  );
}

function ActivityLine(props: { a: ActivityItem; ids: ReadonlySet<string> }) {
  const a = props.a;
  const mine = a.effects.filter((f) => props.ids.has(f.transaction_id));
  return (
    <li class={`line ${a.kind}`}>
      <Time iso={a.at} /> <span class="tag">{a.kind === "control" ? "control" : "clock"}</span> <span class="path">{a.title}</span>
      {a.effects.length > mine.length ? <> ({a.summary})</> : null}
      {mine.length ? (
        <>
          :{" "}
          <strong>
            {mine.map((f) => (
              <>
                {f.change}
                {f.transaction_id === [...props.ids][0] ? "" : ` for ${f.transaction_id}`}{" "}
              </>
            ))}
          </strong>
        </>
      ) : null}
    </li>
  );
}
