import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, expect } from "vitest";
import { journalEntries, see, walk, watch } from "./leak-watch.js";

/** After each test file: no secret a test sent is shown by any answer or journal entry. */
afterAll(() => {
  let entries = 0;
  for (const d of watch.doubles) {
    for (const entry of journalEntries(d)) {
      entries++;
      walk(entry, (_k, v) => see(v), null, see);
    }
  }
  const leaks = [...watch.secrets].filter((s) => watch.seen.has(s));
  expect(leaks.map((s) => `${s.slice(0, 4)}...${s.slice(-2)} (${s.length} chars)`)).toEqual([]);
  mkdirSync(".tmp/leak-watch", { recursive: true });
  const name = `${process.pid}-${Math.floor(performance.now() * 1000)}.json`;
  writeFileSync(`.tmp/leak-watch/${name}`, JSON.stringify({ secrets: watch.secrets.size, answers: watch.answers, entries, surfaces: watch.surfaces }));
  // Entries hold answers too (masked when read here, as any reader): the fuzz suite's tens of
  // thousands take seconds on a busy CI machine, more than the 10 s default.
}, 60_000);
