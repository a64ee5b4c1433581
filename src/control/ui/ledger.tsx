import type { WireBatch, WireTransaction } from "../ledger.js";
import { Empty, JsonDetails, money, text, Head } from "./parts.js";

/**
 * Transactions per client (what `GET /_mock/transactions` returns), each with its links: the
 * transaction it follows (`reference_transaction_id`: AUTH -> CAPTURE, SALE -> REFUND or CANCEL)
 * and those that follow it.
 */
export function TransactionsView(props: { transactions: readonly WireTransaction[] }) {
  if (props.transactions.length === 0) return <Empty>No transaction yet.</Empty>;
  const followers = new Map<string, WireTransaction[]>();
  const byClient = new Map<string, WireTransaction[]>();
  for (const t of props.transactions) {
    if (t.reference_transaction_id) followers.set(t.reference_transaction_id, [...(followers.get(t.reference_transaction_id) ?? []), t]);
    byClient.set(t.client_id, [...(byClient.get(t.client_id) ?? []), t]);
  }
  return (
    <>
      {[...byClient].map(([clientId, list]) => (
        <section aria-labelledby={`client-${clientId}`}>
          <h3 id={`client-${clientId}`}>
            {list[0].client_dba} <span class="id">{clientId}</span> ({list.length})
          </h3>
          <table>
            <Head cols={["Transaction", "Type", "Result", "Amount", "Batch", "Settled", "Returned", "Settlement issue", "Links"]} />
            <tbody>
              {list.map((t) => (
                <tr id={`tx-${t.id}`}>
                  <td>
                    <JsonDetails label={t.id} value={t} />
                  </td>
                  <td>{t.type}</td>
                  <td>
                    {t.result} <span class="code">{t.response_code}</span>
                  </td>
                  <td class="num">{money(t.amount)}</td>
                  <td class="id">{text(t.batch_id)}</td>
                  <td>{t.is_settled ? "yes" : "no"}</td>
                  <td>{t.is_returned ? `yes${t.return_code ? ` (${t.return_code})` : ""}` : "no"}</td>
                  <td>{text(t.settlement_issue)}</td>
                  <td>
                    <Links t={t} followers={followers.get(t.id) ?? []} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

function Links(props: { t: WireTransaction; followers: WireTransaction[] }) {
  const ref = props.t.reference_transaction_id;
  return (
    <ul class="links">
      {ref ? (
        <li>
          after <a href={`#tx-${ref}`}>{ref}</a>
        </li>
      ) : null}
      {props.followers.map((f) => (
        <li>
          → {f.type} <a href={`#tx-${f.id}`}>{f.id}</a>
        </li>
      ))}
    </ul>
  );
}

const SUMS = ["approved_amount", "captured_amount", "refund_amount", "void_amount", "net_amount", "batch_net_amount"] as const;

/** Batches of every client (what `GET /_mock/batches` returns): status, totals and members. */
export function BatchesView(props: { batches: readonly WireBatch[] }) {
  if (props.batches.length === 0) return <Empty>No batch yet: the first card or ACH payment of a client opens one.</Empty>;
  return (
    <table>
      <Head cols={["Batch", "Client", "Status", ...SUMS.map((k) => k.replace(/_/g, " ")), "Closed", "Settled", "Members"]} />
      <tbody>
        {props.batches.map((b) => (
          <tr id={`batch-${b.id}`} data-status={b.status}>
            <td>
              <JsonDetails label={`#${b.batch_number} ${b.batch_type}`} value={b} />
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
            <td>{text(b.closed_at_date_time)}</td>
            <td>{text(b.settled_at_date_time)}</td>
            <td>
              <details>
                <summary>{b.transaction_ids.length} transactions</summary>
                <ul class="links">
                  {b.transaction_ids.map((id) => (
                    <li>
                      <a href={`#tx-${id}`}>{id}</a>
                    </li>
                  ))}
                </ul>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
