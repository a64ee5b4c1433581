# paydouble: the deterministic payment gateway double, as a CI service container.
# Build: docker build -t paydouble .   Run: docker run --rm -p 127.0.0.1:4242:4242 paydouble
# Inside the container the server binds 0.0.0.0 (HOST) so the published port reaches it; publish it on
# 127.0.0.1 as above: the control API needs no key, so it is for this machine or a CI network only.
# test/dockerfile.test.ts carries out these steps without a Docker engine: keep to COPY, RUN,
# WORKDIR, ENV, USER, EXPOSE, VOLUME, HEALTHCHECK and an exec-form CMD.

# Stage 1: compile TypeScript, the start-time JSON assets and the CLI bundle with the dev dependencies.
FROM node:20-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are copied; the build runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY src ./src
RUN npm run build

# Stage 2: compiled JavaScript and production dependencies only, as the unprivileged `node` user.
FROM node:20-alpine AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4242 PAYDOUBLE_SCENARIOS=""
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
COPY scenarios ./scenarios
USER node
EXPOSE 4242
# Scenario files are mounted here and named in PAYDOUBLE_SCENARIOS (comma-separated paths).
VOLUME ["/scenarios"]
# /_mock/health answers with the control API on and off (--no-control, PAYDOUBLE_NO_CONTROL=true).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4242)+'/_mock/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A 256 MB semi-space: once a world holds millions of records each young-generation collection
# pauses 10-25 ms whatever its size, so fewer of them keep p99 low under load (docs/explanation/performance.md, "The young-generation flag").
CMD ["node", "--max-semi-space-size=256", "dist/main.js"]
