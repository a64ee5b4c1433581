import { OPERATION_IDS } from "../../scenarios/schema.js";

/** The inspector's views, in tab order: id, tab label, heading. */
export const VIEWS = [
  ["log", "Requests", "Live request log"],
  ["transactions", "Transactions", "Transactions per client"],
  ["batches", "Batches", "Batches"],
  ["clock", "Clock", "Simulated clock"],
  ["scenarios", "Scenarios", "Scenarios"],
  ["reference", "Quirks & credentials", "Credentials, quirks and magic values"],
  ["sandboxes", "Sandboxes", "Sandboxes"],
  ["verdict", "Verdict", "Coverage and client conduct"],
] as const;
export type ViewName = (typeof VIEWS)[number][0];

/**
 * The page shell: a header naming the world, tabs, one section per view whose body is loaded from
 * `ui/views/{name}` and refreshed when the live stream (`/_mock/events`) says something changed.
 * The static parts that must keep focus and typed text (log filters, the scenario editor) live here,
 * outside the refreshed fragments.
 */
export function Page(props: { mock: string; world: string; seed: string }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>paydouble inspector: {props.world}</title>
        <link rel="stylesheet" href={`${props.mock}/ui/style.css`} />
      </head>
      <body data-mock={props.mock}>
        <header>
          <h1>paydouble inspector</h1>
          <p>
            World <strong>{props.world}</strong>, seed <code>{props.seed}</code>.{" "}
            <span id="live" role="status">
              connecting…
            </span>
          </p>
          <nav aria-label="Views">
            <ul>
              {VIEWS.map(([id, label]) => (
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
              {id === "log" ? <LogFilters /> : null}
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

function LogFilters() {
  return (
    <form id="log-filters" class="inline" role="search" aria-label="Filter requests">
      <label for="f-operation">Operation</label>
      <select id="f-operation" name="operation">
        <option value="">any</option>
        {OPERATION_IDS.map((op) => (
          <option value={op}>{op}</option>
        ))}
      </select>
      <label for="f-status">Status</label>
      <input id="f-status" name="status" type="text" inputmode="numeric" size={4} placeholder="any" />
      <label for="f-client">Client</label>
      <input id="f-client" name="client_id" type="text" size={32} placeholder="any client id" />
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
