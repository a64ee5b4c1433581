import type { WireBatch, WireTransaction } from "../ledger.js";
import { Empty, JsonDetails, money, plural, StoryLink, text, Time, Head } from "./parts.js";

/** Rows the transactions view shows at most (the newest matching); `GET /_mock/transactions` has them all. */
export const TRANSACTION_ROWS = 200;

const TX_COLS = ["Transaction", "Created", "Payment", "Method", "Metadata", "Batch", "Settlement", "Links"];

/**
 * Transactions per client (what `GET /_mock/transactions` returns, with the same filters), each
 * with its payment method, last four digits, metadata, creation time, a link to its story, and its
 * links: the transaction it follows (`reference_transaction_id`: AUTH -> CAPTURE, SALE -> REFUND or
 * CANCEL) and those that follow it. Its JSON opens in a full-width row below it. `transactions`:
 * the newest matching, in creation order, `total` of them in all; a follower is newer than what it
 * follows, so the followers of a row shown are among the rows shown.
 */
export function TransactionsView(props: { transactions: readonly WireTransaction[]; total: number }) {
  if (props.transactions.length === 0) return <Empty>No transaction yet (or none matching the filters).</Empty>;
  const followers = new Map<string, WireTransaction[]>();
  const byClient = new Map<string, WireTransaction[]>();
  const shown = props.transactions;
  for (const t of shown) {
    if (t.reference_transaction_id) followers.set(t.reference_transaction_id, [...(followers.get(t.reference_transaction_id) ?? []), t]);
  }
  for (const t of shown) byClient.set(t.client_id, [...(byClient.get(t.client_id) ?? []), t]);
  return (
    <>
      <p class="count">
        {plural(props.total, "matching transaction")}
        {shown.length < props.total ? `, newest ${shown.length} shown` : ""}
      </p>
      {[...byClient].map(([clientId, list]) => (
        <section aria-labelledby={`client-${clientId}`}>
          <h3 id={`client-${clientId}`}>
            {list[0].client_dba} <span class="id">{clientId}</span> ({plural(list.length, "transaction")})
          </h3>
          <table class="transactions">
            <Head cols={TX_COLS} />
            {list.map((t) => (
              <tbody id={`tx-${t.id}`} data-tx={t.id}>
                <tr>
                  <td>
                    <StoryLink id={t.id} />
                  </td>
                  <td>
                    <Time iso={t.time_created} />
                  </td>
                  <td>
                    {t.type} <span class="num">{money(t.amount)}</span>
                    <br />
                    <span class={`result-${t.result.toLowerCase()}`}>{t.result}</span> <span class="code">{t.response_code}</span>
                  </td>
                  <td>
                    <MethodCell t={t} />
                  </td>
                  <td>
                    <code>{t.metadata ? JSON.stringify(t.metadata) : "—"}</code>
                  </td>
                  <td class="id">{text(t.batch_id)}</td>
                  <td>
                    {t.is_settled ? "settled" : "not settled"}
                    {t.is_returned ? `, returned${t.return_code ? ` (${t.return_code})` : ""}` : ""}
                    {t.settlement_issue ? `, ${t.settlement_issue}` : ""}
                  </td>
                  <td>
                    <Links t={t} followers={followers.get(t.id) ?? []} />
                  </td>
                </tr>
                <tr class="more">
                  <td colspan={TX_COLS.length}>
                    <JsonDetails label={`JSON of ${t.id}`} value={t} />
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </section>
      ))}
    </>
  );
}

/** `CARD VISA CREDIT ····4242` or `ACH Jane Doe`: the method, brand and last four digits. */
export function MethodCell(props: { t: WireTransaction }) {
  const m = props.t.payment_method as { type?: string; truncated_pan?: string; card_brand?: string | null; card_type?: string; first_name?: string; last_name?: string };
  if (m.type === "CARD") {
    return (
      <>
        CARD {m.card_brand ?? ""} {m.card_type ?? ""} <span class="last4">····{(m.truncated_pan ?? "").slice(-4)}</span>
      </>
    );
  }
  return (
    <>
      {m.type ?? "—"} {m.first_name ?? ""} {m.last_name ?? ""}
    </>
  );
}

function Links(props: { t: WireTransaction; followers: WireTransaction[] }) {
  const ref = props.t.reference_transaction_id;
  return (
    <ul class="links">
      {ref ? (
        <li>
          after <StoryLink id={ref} />
        </li>
      ) : null}
      {props.followers.map((f) => (
        <li>
          → {f.type} <StoryLink id={f.id} />
        </li>
      ))}
    </ul>
  );
}

const SUMS = ["approved_amount", "captured_amount", "refund_amount", "void_amount", "net_amount", "batch_net_amount"] as const;

/** Members a batch row links (and shows in its JSON): a busy world's open batch holds thousands (100,000 made 17 MB of HTML). */
const MEMBER_ROWS = 100;

/** Batches of every client (what `GET /_mock/batches` returns): status, totals and members. */
export function BatchesView(props: { batches: readonly WireBatch[] }) {
  if (props.batches.length === 0) return <Empty>No batch yet: the first card or ACH payment of a client opens one.</Empty>;
  const cols = ["Batch", "Client", "Status", ...SUMS.map((k) => k.replace(/_/g, " ")), "Closed / settled", "Members"];
  return (
    <table class="batches">
      <Head cols={cols} />
      {props.batches.map((b) => (
        <tbody id={`batch-${b.id}`}>
          <tr data-status={b.status}>
            <td>
              #{b.batch_number} {b.batch_type}
              <br />
              <span class="id">{b.id}</span>
            </td>
            <td>{b.client_name}</td>
            <td>
              <span class={`batch ${b.status}`}>{b.status}</span>
            </td>
            {SUMS.map((k) => (
              <td class="num" data-sum={k}>
                {money(b[k])}
              </td>
            ))}
            <td>
              <Time iso={b.closed_at_date_time ?? null} />
              {b.settled_at_date_time ? <Time iso={b.settled_at_date_time} /> : null}
            </td>
            <td>
              <details>
                <summary>{plural(b.transaction_ids.length, "transaction")}</summary>
                <ul class="links">
                  {b.transaction_ids.slice(0, MEMBER_ROWS).map((id) => (
                    <li>
                      <StoryLink id={id} />
                    </li>
                  ))}
                </ul>
                {b.transaction_ids.length > MEMBER_ROWS ? <p>The first {MEMBER_ROWS} are listed; GET /_mock/batches lists all {b.transaction_ids.length}.</p> : null}
              </details>
            </td>
          </tr>
          <tr class="more">
            <td colspan={cols.length}>
              <JsonDetails
                label={`JSON of batch #${b.batch_number}${b.transaction_ids.length > MEMBER_ROWS ? ` (its first ${MEMBER_ROWS} transaction_ids)` : ""}`}
                value={{ ...b, transaction_ids: b.transaction_ids.slice(0, MEMBER_ROWS) }}
              />
            </td>
          </tr>
        </tbody>
      ))}
    </table>
  );
}
