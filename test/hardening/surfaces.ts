import type { JournalEntry } from "../../src/gateway/journal.js";
import { setup } from "../helpers.js";

/** A fresh double whose `--log json` lines are kept, to read every surface a secret could reach. */
export function everything(seed = "secrets") {
  const lines: JournalEntry[] = [];
  const s = setup({ seed, onRequest: (e) => lines.push(e) });
  return { s, lines };
}

/** The journal, the export and the two log formats of a world, as text. */
export async function surfaces(s: ReturnType<typeof setup>, lines: JournalEntry[]) {
  const journal = (await s.get("/_mock/requests", { as: null })).text;
  const exported = (await s.get("/_mock/journal/export", { as: null })).text;
  const logJson = lines.map((e) => JSON.stringify(e)).join("\n");
  const logText = lines.map((e) => `${e.at} ${e.status} ${e.method} ${e.path} ${e.operation ?? "-"} ${e.request_id}`).join("\n");
  return { journal, exported, logJson, logText, all: [journal, exported, logJson, logText].join("\n") };
}
