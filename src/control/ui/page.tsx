import { OPERATION_IDS } from "../../scenarios/schema.js";

/** The inspector's views, in tab order: id, tab label, heading. A view with no tab label is reached by links only. */
export const VIEWS = [
  ["log", "Requests", "Live request log"],
  ["transactions", "Transactions", "Transactions per client"],
  ["batches", "Batches", "Batches"],
  ["clock", "Clock", "Simulated clock"],
  ["scenarios", "Scenarios", "Scenarios"],
  ["reference", "Quirks & credentials", "Credentials, quirks and magic values"],
  ["sandboxes", "Sandboxes", "Sandboxes"],
  ["story", "", "A payment's story"],
] as const;
export type ViewName = (typeof VIEWS)[number][0];

/**
 * The page shell: a header naming the world, tabs, one section per view whose body is loaded from
 * `ui/views/{name}` and refreshed when the live stream (`/_mock/events`) says something changed.
 * The static parts that must keep focus and typed text (filters, the scenario editor) live here,
 * outside the refreshed fragments. Nothing inline: the Content-Security-Policy allows only the
 * served script and style sheet.
 */
export function Page(props: { mock: string; world: string; seed: string; quirks: readonly string[] }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>paydouble inspector: {props.world}</title>
        <link rel="icon" href={`${props.mock}/ui/favicon.ico`} />
        <link rel="stylesheet" href={`${props.mock}/ui/style.css`} />
      </head>
      <body data-mock={props.mock}>
        <header>
          <h1>paydouble inspector</h1>
          <p>
            World <strong>{props.world}</strong>, seed <code>{props.seed}</code>. Times are the simulated clock's, in UTC with your local time beside them.{" "}
            <span id="live" role="status">
              connecting…
            </span>
          </p>
          <nav aria-label="Views">
            <ul>
              {VIEWS.filter(([, label]) => label !== "").map(([id, label]) => (
                <li>
                  <a href={`#${id}`} data-tab={id}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main>
          {VIEWS.map(([id, , heading]) => (
            <section id={id} class="view" aria-labelledby={`${id}-h`} hidden>
              <h2 id={`${id}-h`}>{heading}</h2>
              {id === "log" ? <LogFilters quirks={props.quirks} /> : null}
              {id === "transactions" ? <TransactionFilters /> : null}
              {id === "scenarios" ? <ScenarioEditor /> : null}
              <output id={`${id}-result`} class="result" aria-live="polite"></output>
              <div class="body" data-view={id}></div>
            </section>
          ))}
        </main>
        <script src={`${props.mock}/ui/client.js`}></script>
      </body>
    </html>
  );
}

function Field(props: { id: string; name: string; label: string; size?: number; placeholder?: string; numeric?: boolean }) {
  return (
    <span class="field">
      <label for={props.id}>{props.label}</label>
      <input id={props.id} name={props.name} type="text" size={props.size ?? 12} placeholder={props.placeholder ?? "any"} inputmode={props.numeric ? "numeric" : undefined} />
    </span>
  );
}

function Choice(props: { id: string; name: string; label: string; options: readonly string[] }) {
  return (
    <span class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name}>
        <option value="">any</option>
        {props.options.map((o) => (
          <option value={o}>{o}</option>
        ))}
      </select>
    </span>
  );
}

/** The filters of `GET /_mock/requests`, sent with each log fragment request. */
function LogFilters(props: { quirks: readonly string[] }) {
  return (
    <form id="log-filters" class="filters" role="search" aria-label="Filter requests" data-filters="log">
      <Choice id="f-operation" name="operation" label="Operation" options={OPERATION_IDS} />
      <Field id="f-path" name="path" label="Path contains" size={18} />
      <Field id="f-status" name="status" label="Status" size={4} numeric />
      <Field id="f-error" name="error_code" label="Error code" size={14} />
      <Field id="f-rule" name="rule" label="Rule" size={16} placeholder="scenario/rule" />
      <Choice id="f-quirk" name="quirk" label="Quirk" options={props.quirks} />
      <Field id="f-client" name="client_id" label="Client" size={16} placeholder="any client id" />
    </form>
  );
}

/** The filters of `GET /_mock/transactions`. */
function TransactionFilters() {
  return (
    <form id="tx-filters" class="filters" role="search" aria-label="Find transactions" data-filters="transactions">
      <Field id="t-order" name="order_id" label="Order id (metadata)" size={16} />
      <Field id="t-amount" name="amount" label="Amount (cents)" size={8} numeric />
      <Choice id="t-result" name="result" label="Result" options={["APPROVED", "DECLINED", "ERROR"]} />
      <Choice id="t-method" name="method" label="Method" options={["CARD", "ACH"]} />
      <Field id="t-last4" name="last4" label="Card last four" size={4} numeric />
      <Field id="t-client" name="client_id" label="Client" size={16} placeholder="any client id" />
    </form>
  );
}

function ScenarioEditor() {
  return (
    <form id="scenario-form" aria-label="Load a scenario">
      <h3>Load a scenario</h3>
      <p>
        Paste YAML (or JSON), or pick a file; it goes in front of the active set (<code>POST /_mock/scenarios</code>).
      </p>
      <label for="scenario-text">Scenario text</label>
      <textarea id="scenario-text" name="scenario" rows={10} cols={80} spellcheck={false}></textarea>
      <div class="inline">
        <label for="scenario-file">Scenario file</label>
        <input id="scenario-file" type="file" accept=".yaml,.yml,.json" />
        <button type="submit">Load scenario</button>
      </div>
      <div id="scenario-errors" aria-live="polite"></div>
    </form>
  );
}
