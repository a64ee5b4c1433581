import { defineConfig } from "vitest/config";

/**
 * `npm run test:container` (run by .ci/run after `npm test`): the image built from the Dockerfile
 * as it is and run with podman, and the Testcontainers module against podman's Docker API. Needs
 * podman (root, or a rootless setup); it fails, never skips, when podman is missing.
 */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/container/*.container.ts"],
    globalSetup: ["test/container/setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 900_000,
    teardownTimeout: 300_000,
  },
});
