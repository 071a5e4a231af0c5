# syntax=docker/dockerfile:1
# Spawnpoint in production: build once, run the compiled server with plain node as a non-root
# user. The container runs exactly what the tests run: NODE_ENV=production npm start.

# 1. Build: the client, the prerendered pages, the server-render bundle and the compiled server.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime packages only.
FROM node:22-bookworm-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: dist/, the runtime packages and the start script; no sources, no tsx at start.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scripts/start.mjs ./scripts/start.mjs
USER node
EXPOSE 3000
# Ready, not just alive: the database answers, migrations are applied, job workers run.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start", "--silent"]
