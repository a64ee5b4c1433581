import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    pool: "threads",
    setupFiles: ["test/leak-watch.setup.ts"],
    globalSetup: ["test/docs/global-build.ts"],
    testTimeout: 20_000,
    // The whole-run masking check (leak-watch.setup.ts) walks every journal entry after each file;
    // entries now hold the answer too, and a loaded CI machine needs more than the default 10 s.
    hookTimeout: 60_000,
  },
});
