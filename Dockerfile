# syntax=docker/dockerfile:1
# ParkPilot's image: built on Node 24 LTS (slim Debian), production dependencies only, run as the unprivileged
# `node` user. The start command is the one the multi-server tests run (`node dist/server/index.js`); with
# `--migrate-only` it migrates (and seeds an empty database) and exits, which compose.yaml runs once first.
# CI does not build this image (the test machine has no container engine); see README "Deploy and operate".

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and other native modules build from source when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/app.db \
    OUTBOX_DIR=/data/outbox \
    UPLOADS_DIR=/data/uploads \
    DRAIN_DELAY_MS=5000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Migrations and the catalogue seed are read at start.
COPY --from=build /app/db ./db
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.js"]
