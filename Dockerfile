# Heirloom's image (ADR 0087): build with every dependency, run with the production ones only, as
# the unprivileged `node` user. The build needs the npm registry and nothing else.
#   docker build -t heirloom .        (or: podman build -t heirloom .)
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/heirloom
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
# dist/demo (the demo seed, built with the test factories and faker) stays out of the image.
COPY --from=build /app/dist/server dist/server
COPY --from=build /app/dist/web dist/web
# open.html, put in every Legacy Capsule (ADR 0098)
COPY --from=build /app/dist/capsule dist/capsule
# The compiled server reads the migrations and the resource articles from the source tree's paths.
COPY package.json ./
COPY bin bin
COPY content content
COPY src/server/db/migrations src/server/db/migrations
# DATA_DIR: upload parts, and the embedded PostgreSQL when DATABASE_URL is unset. The embedded
# PostgreSQL refuses to run as root, which the image never is.
RUN ln -s /app/bin/heirloom.js /usr/local/bin/heirloom \
 && mkdir -p /var/lib/heirloom \
 && chown node:node /var/lib/heirloom
USER node
VOLUME /var/lib/heirloom
EXPOSE 3000
# Liveness only (the process answers); readiness (/readyz) is the load balancer's check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/src/server/main.js"]
