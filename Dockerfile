# paydouble: the deterministic payment gateway double, as a CI service container.
# Build: docker build -t paydouble .   (podman/buildah: podman build --format docker -t paydouble .,
# or the HEALTHCHECK is dropped)   Run: docker run --rm -p 127.0.0.1:4242:4242 paydouble
# Inside the container the server binds 0.0.0.0 (HOST) so the published port reaches it; publish it on
# 127.0.0.1 as above: the control API needs no key, so it is for this machine or a CI network only.
# .ci/run builds and runs this file as it is with podman (test/container/); keep to COPY, RUN,
# WORKDIR, ENV, USER, EXPOSE, HEALTHCHECK and an exec-form CMD.

# Node 26, the active LTS line (docs/reference/decisions.md "Node lines"); both stages use the same
# Node, so the V8 code cache trained in the build is the one the runtime accepts.
# Stage 1: compile TypeScript, the start-time JSON assets and the CLI bundle.
FROM node:26-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/image-build-deps.mjs ./scripts/
# Only what `npm run build:server` needs (the production dependencies, typescript, esbuild, swagger-ui-dist
# and types), at the lock file's versions: the test and lint tools are most of the 500 dev packages.
# --ignore-scripts: `prepare` would build before the sources are copied; the build runs below.
RUN node scripts/image-build-deps.mjs && npm install --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY src ./src
# tsc's incremental record (dist/.tsbuildinfo) speeds rebuilds of a checkout; an image builds once.
RUN npm run build:server && rm -f dist/.tsbuildinfo*

# Stage 2: compiled JavaScript and production dependencies only, as the unprivileged `node` user.
FROM node:26-alpine AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4242 PAYDOUBLE_SCENARIOS=""
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
COPY scenarios ./scenarios
USER node
EXPOSE 4242
# Scenario files: mount them (`-v "$PWD/scenarios:/scenarios:ro"`) or COPY them in a derived image,
# and name them in PAYDOUBLE_SCENARIOS (comma-separated paths). No VOLUME: it would leave an
# anonymous volume behind on every run.
# The check reads the port the server does (PAYDOUBLE_PORT wins over PORT); /_mock/health answers
# with the control API on and off (--no-control, PAYDOUBLE_NO_CONTROL=true).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["node", "-e", "const p=process.env.PAYDOUBLE_PORT||process.env.PORT||4242;fetch('http://127.0.0.1:'+p+'/_mock/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# No V8 flags: the code cache made at build time is accepted only under the flags it was trained with.
CMD ["node", "dist/cli.cjs"]
