import type { AuditReport, Cited, CoverageReport } from "../../verdict/verdict.js";
import { Empty, Head } from "./parts.js";

/** A cited journal entry: a link to it while it is still in its world's journal. */
function Entry(props: { e: Cited }) {
  const label = `${props.e.world ? `${props.e.world} ` : ""}#${props.e.seq} ${props.e.method} ${props.e.path} → ${props.e.status}`;
  return props.e.link ? <a href={props.e.link}>{label}</a> : <span title="no longer in the journal">{label}</span>;
}

/**
 * The verdict of the run (what `GET /_mock/audit` and `GET /_mock/coverage` return): the client's
 * findings first, each badged with its kind and citing the spec's sentence and the offending
 * requests, then per operation the outcomes met and the request that met each.
 */
export function VerdictView(props: { audit: AuditReport; coverage: CoverageReport }) {
  const { audit, coverage } = props;
  return (
    <>
      <h3>Client conduct: {audit.findings.length === 0 ? "no findings" : `${audit.findings.length} finding${audit.findings.length === 1 ? "" : "s"}`}</h3>
      {audit.findings.length === 0 ? (
        <Empty>No request broke a rule of the spec.</Empty>
      ) : (
        <table>
          <Head cols={["Finding", "What happened", "Spec", "Requests", "Instead"]} />
          <tbody>
            {audit.findings.map((f) => (
              <tr class="finding">
                <td>
                  <span class="badge">{f.kind}</span>
                  {f.repeats ? ` ×${f.repeats + 1}` : ""}
                </td>
                <td>{f.message}</td>
                <td>
                  {f.rule}: <q>{f.spec}</q>
                </td>
                <td>
                  {f.entries.map((e) => (
                    <div>
                      <Entry e={e} />
                    </div>
                  ))}
                </td>
                <td>{f.instead}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>
        Outcome coverage of the run: {coverage.met} of {coverage.outcomes} met by {coverage.requests} requests
      </h3>
      {coverage.operations.map((g) => (
        <details open={g.met > 0}>
          <summary>
            {g.operation}: {g.met} of {g.outcomes.length} met
          </summary>
          <table>
            <Head cols={["Outcome", "What", "Met", "First met by"]} />
            <tbody>
              {g.outcomes.map((o) => (
                <tr class={o.met ? "met" : "unmet"}>
                  <td>
                    <code>{o.id}</code>
                  </td>
                  <td>{o.title}</td>
                  <td>{o.met ? "yes" : "no"}</td>
                  <td>{o.by ? <Entry e={o.by} /> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </>
  );
}
