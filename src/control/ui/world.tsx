import type { ScenarioEngine } from "../../scenarios/engine.js";
import { CallButton, Empty, JsonDetails, Head, Time } from "./parts.js";

/** What `GET /_mock/clock` returns. */
export interface ClockData {
  now: string;
  tick: string;
  pending: { at: string; event: string; subject: string }[];
}

/**
 * The clock: now, tick, pending events, and the `POST /_mock/clock/advance` buttons. What fired shows
 * in the result area below (the route's `fired` list). `total`: how many are pending, when
 * `clock.pending` holds only the first of them.
 */
export function ClockView(props: { clock: ClockData; total?: number }) {
  const c = props.clock;
  const total = props.total ?? c.pending.length;
  return (
    <>
      <p class="now">
        Simulated now: <time datetime={c.now}>{c.now}</time> (tick <code>{c.tick}</code> per /v1 request)
      </p>
      <div class="buttons" role="group" aria-label="Advance the clock">
        <CallButton method="POST" path="clock/advance" body={{ by: "PT1H" }} label="Advance 1 hour" result="clock-result" />
        <CallButton method="POST" path="clock/advance" body={{ by: "P1D" }} label="Advance 1 day" result="clock-result" />
        <CallButton method="POST" path="clock/advance" body={{ until: "next_event" }} label="Advance to next event" result="clock-result" />
      </div>
      <div class="inline">
        <label for="clock-to">Instant (ISO 8601)</label>
        <input id="clock-to" name="to" type="text" value={c.now} size={28} />
        <CallButton method="POST" path="clock/advance" input="clock-to" field="to" label="Advance to this instant" result="clock-result" />
      </div>
      <h3>Pending events ({total})</h3>
      <p>
        Simulated now in your time: <Time iso={c.now} />
      </p>
      {total > c.pending.length && (
        <p>
          The next {c.pending.length} are listed (each vaulted card waits for its expiry); <code>GET /_mock/clock</code> lists all {total}.
        </p>
      )}
      {c.pending.length === 0 ? (
        <Empty>Nothing scheduled.</Empty>
      ) : (
        <table>
          <Head cols={["Due", "Event", "Subject"]} />
          <tbody>
            {c.pending.map((p) => (
              <tr>
                <td>
                  <Time iso={p.at} />
                </td>
                <td>{p.event}</td>
                <td class="id">{p.subject}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

type ScenarioList = ReturnType<ScenarioEngine["list"]>;

/**
 * Active scenarios in precedence order with each rule's hit count (`GET /_mock/scenarios`); unload
 * one (`DELETE /_mock/scenarios/{name}`) or go back to the start set (`DELETE /_mock/scenarios`).
 */
export function ScenariosView(props: { scenarios: ScenarioList }) {
  return (
    <>
      <div class="buttons">
        <CallButton method="DELETE" path="scenarios" label="Reset to the start set" confirm="Unload every loaded scenario?" result="scenarios-result" />
      </div>
      {props.scenarios.map((s) => (
        <section class="scenario" aria-labelledby={`scn-${s.name}`}>
          <h3 id={`scn-${s.name}`}>
            {s.name} <span class="tag">{s.origin}</span>
          </h3>
          {s.description ? <p>{s.description}</p> : null}
          {s.origin === "loaded" ? (
            <CallButton method="DELETE" path={`scenarios/${encodeURIComponent(s.name)}`} label={`Unload ${s.name}`} result="scenarios-result" />
          ) : null}
          <table>
            <Head cols={["Rule", "Hits", "When / then"]} />
            <tbody>
              {s.rules.map((r) => (
                <tr>
                  <td>{r.name ?? r.label}</td>
                  <td class="num" data-hits={r.label}>
                    {r.hits}
                    {r.spent ? (
                      <>
                        {" "}
                        <span class="tag spent" title="Its times budget is used up or its nth match has passed: it will not fire again">
                          spent
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <JsonDetails label="show" value={{ when: r.when, then: r.then }} />
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
