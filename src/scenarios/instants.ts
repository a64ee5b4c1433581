import { GatewayError } from "../core/errors.js";
import { instantAfter } from "../core/instant.js";
import type { ScenarioFile } from "./schema.js";

/**
 * The durations of a scenario file measured from the world's `now` (timeline `at`, a rule's
 * `schedule[].in`, `settlement.delay`): each must land inside the simulated clock's range, the rule
 * `POST /_mock/clock/advance` applies, or the whole file is refused (400 naming every value) before
 * anything of it is loaded. Checked when a file enters a world: at its creation or at a load.
 */
export function checkScenarioInstants(file: ScenarioFile, now: number, prefix = ""): void {
  const details: Record<string, string> = {};
  const check = (duration: string, path: string) => {
    try {
      instantAfter(now, duration, path);
    } catch (e) {
      if (!(e instanceof GatewayError) || !e.details) throw e;
      Object.assign(details, e.details);
    }
  };
  file.timeline.forEach((entry, i) => {
    if (entry.at.startsWith("P")) check(entry.at, `${prefix}timeline.${i}.at`);
  });
  file.rules.forEach((rule, i) => {
    rule.then.schedule?.forEach((s, j) => s.in !== undefined && check(s.in, `${prefix}rules.${i}.then.schedule.${j}.in`));
    const delay = rule.then.settlement?.delay;
    if (typeof delay === "string") check(delay, `${prefix}rules.${i}.then.settlement.delay`);
  });
  const fields = Object.keys(details);
  if (fields.length > 0) {
    throw new GatewayError("INVALID_REQUEST_DATA", { message: `Scenario ${file.name}: ${fields.map((f) => `${f}: ${details[f]}`).join("; ")}.`, details });
  }
}
