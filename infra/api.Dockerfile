# syntax=docker/dockerfile:1.7-labs
# (the labs syntax is for COPY --parents / --exclude below; BuildKit fetches it, no daemon setting needed)
#
# One image for every run mode of services/api. Build from the repository root:
#   docker build -f infra/api.Dockerfile -t user-office/api .
# Run mode: UO_MODE=api | projector | worker | all (default all = `npm start`).

############################ build ############################
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=true \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false

# manifests first, so the dependency layer is reused while only sources change
# (--parents keeps services/<name>/package.json in place; a plain glob COPY would flatten it)
COPY --parents package.json package-lock.json contracts/package.json services/*/package.json ./
RUN --mount=type=cache,target=/root/.npm npm ci

# sources (never the host's node_modules, builds or embedded data)
COPY tsconfig.json .swcrc ./
COPY --exclude=**/node_modules --exclude=**/dist --exclude=**/.data contracts/ contracts/
COPY --exclude=**/node_modules --exclude=**/dist --exclude=**/.data services/ services/
RUN npm run build \
 && npm prune --omit=dev

############################ runtime ############################
FROM node:20-bookworm-slim AS runtime

# Chromium from Debian renders the PDFs (puppeteer-core drives it; no bundled browser).
# Fonts so that PDFs do not fall back to boxes; tini reaps Chromium's children and forwards signals.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core ca-certificates tini \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    UO_MODE=all \
    PORT=4000 \
    CHROMIUM_PATH=/usr/bin/chromium

WORKDIR /app
# production node_modules (workspace links into contracts/ and services/ stay valid: same layout) and builds
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/services ./services
# the embedded-default data directory (only used when DATABASE_URL is unset) must be writable by `node`
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node
EXPOSE 4000
ENTRYPOINT ["/usr/bin/tini", "--"]
# a larger young generation (32 MB semi-spaces, the default 16): a request's short-lived objects die young, fewer
# scavenges and promotions (README, "Performance": answerTopic's p95 at 16 clients about a tenth lower)
CMD ["node", "--max-semi-space-size=32", "services/api/dist/main.js"]
