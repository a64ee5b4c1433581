import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    pool: "threads",
    setupFiles: ["test/leak-watch.setup.ts"],
    globalSetup: ["test/docs/global-build.ts"],
    testTimeout: 20_000,
  },
});
