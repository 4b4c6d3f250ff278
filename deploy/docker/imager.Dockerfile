# syntax=docker/dockerfile:1
# imager: the image worker (sharp/libvips). Build from the repository root:
#   docker build -f deploy/docker/imager.Dockerfile -t ghcr.io/mediakit/imager:0.1.0 .

# Build: the workspace's dependencies, the generated gRPC code.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY . .
# No install scripts: sharp, argon2 and buf ship prebuilt binaries as optional packages, and the
# `node` package's binary is not needed (the image is Node 24 already).
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && node scripts/gen-proto.mjs \
 && cd /src && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# Run: Node 24 slim, non-root, nothing written outside the mounted /tmp and /data. ffmpeg (Debian's,
# with dav1d) decodes animated AVIF and HEIF, whose sequence tracks libvips cannot read.
FROM node:24.21.0-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    TMP_DIR=/tmp
WORKDIR /app
COPY --from=build --chown=root:root /src/package.json ./
COPY --from=build --chown=root:root /src/node_modules ./node_modules
COPY --from=build --chown=root:root /src/packages ./packages
COPY --from=build --chown=root:root /src/services/imager ./services/imager
# The code belongs to root and is read-only for the service's user (node, uid 1000).
USER 1000:1000
# Node 24 runs the TypeScript sources directly (type stripping); SIGTERM goes straight to node.
# OpenTelemetry's instrumentations load first (packages/devstack/src/service-runtime.ts says why).
# Full GCs start by share of headroom used, not V8's default rule (WORKER_NODE_FLAGS in
# packages/devstack/src/service-specs.ts says why).
CMD ["node", "--import", "@mediakit/kit/telemetry-register", "--incremental-marking-soft-trigger=70", "--incremental-marking-hard-trigger=90", "services/imager/src/main.ts"]
