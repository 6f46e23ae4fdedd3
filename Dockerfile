# syntax=docker/dockerfile:1
# Boon's image: the UI and the server built once (the server compiled to JavaScript), run on
# the Active LTS line of Node as a non-root user. The same image runs every process; ROLE
# (all, api, projector) says which, and it holds every operator tool (`npm run projections`,
# backup, restore, migrate, doctor, analyst, seed: `docker compose exec api npm run …`).

# The Active LTS line, one of the two lines CI tests on (.ci/run: NODE_LTS).
ARG NODE_VERSION=26.10.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary fits; tools/node-gyp finds Node's
# headers beside it (/usr/local/include/node in this image).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@11
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY tools/node-gyp ./tools/node-gyp
RUN npm ci --no-audit --no-fund
COPY . .
# The UI into dist/ui, the server and its tools into dist/server (types are checked by
# `npm run check`, not here); then no development package is left, TypeScript's included.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# The heap limit `npm start` gives (scripts/node-flags.mjs): V8 collects before it grows past it.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=768 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/ui ./dist/ui
# The render of the pages served with their first data (api/http/page-render.ts), and their templates.
COPY --from=build /app/dist/ui-render ./dist/ui-render
COPY --from=build /app/dist/server ./dist/server
# `npm run NAME` runs dist/server/NAME.js through these (no source, no TypeScript here).
COPY --from=build /app/scripts/tool.mjs /app/scripts/server-entries.mjs /app/scripts/server-build.mjs /app/scripts/newest-file.mjs /app/scripts/admin-link.mjs ./scripts/
# The embedded engines' files (when no EVENTSTORE_URL/MONGODB_URL) and generated secrets.
RUN mkdir -m 0700 /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz answers on every role's port (a projector's too).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches Node directly (no npm or shell in between): requests drain, sockets close
# with 1001, projections commit their batch and release their leases.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
