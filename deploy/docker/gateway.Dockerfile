# syntax=docker/dockerfile:1
# gateway: the public API and the shell's pages. Build from the repository root:
#   docker build -f deploy/docker/gateway.Dockerfile -t ghcr.io/mediakit/gateway:0.1.0 .

# Build: the workspace's dependencies, the generated gRPC code, the shell (the gateway serves its build).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY . .
# No install scripts: sharp, argon2 and buf ship prebuilt binaries as optional packages, and the
# `node` package's binary is not needed (the image is Node 24 already).
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && node scripts/gen-proto.mjs \
 && cd frontends/shell && NODE_ENV=production ../../node_modules/.bin/rspack build --mode production \
 && cd /src && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# Run: Node 24 slim, non-root, nothing written outside the mounted /tmp and /data.
FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    TMP_DIR=/tmp
WORKDIR /app
COPY --from=build --chown=root:root /src/package.json ./
COPY --from=build --chown=root:root /src/node_modules ./node_modules
COPY --from=build --chown=root:root /src/packages ./packages
COPY --from=build --chown=root:root /src/services/gateway ./services/gateway
# The gateway serves the shell's build; page titles and heads come from packages/page-meta.
COPY --from=build --chown=root:root /src/frontends/shell/dist ./frontends/shell/dist
# The code belongs to root and is read-only for the service's user (node, uid 1000).
USER 1000:1000
EXPOSE 8080
# Node 24 runs the TypeScript sources directly (type stripping); SIGTERM goes straight to node.
# OpenTelemetry's instrumentations load first (packages/devstack/src/service-runtime.ts says why).
# A small young generation: short GC pauses on the API's request path
# (SMALL_YOUNG_GENERATION_FLAGS in packages/devstack/src/service-specs.ts says why).
CMD ["node", "--import", "@mediakit/kit/telemetry-register", "--max-semi-space-size=2", "services/gateway/src/main.ts"]
