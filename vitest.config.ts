import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    pool: "threads",
    // Vitest runs one file fewer than the machine has cores at once: one at a time on the 2-core CI
    // machine, where most files spend their time waiting on a spawned CLI, a browser or npm (a run
    // used 1.26 cores). Two at once there: 6 min 10 s -> 4 min, the same tests green.
    maxWorkers: Math.max(2, availableParallelism()),
    setupFiles: ["test/leak-watch.setup.ts"],
    globalSetup: ["test/docs/global-build.ts"],
    testTimeout: 20_000,
    // The whole-run masking check (leak-watch.setup.ts) walks every journal entry after each file;
    // entries now hold the answer too, and a loaded CI machine needs more than the default 10 s.
    hookTimeout: 60_000,
  },
});
