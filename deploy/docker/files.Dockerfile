# syntax=docker/dockerfile:1
# files: uploads and downloads. Build from the repository root:
#   docker build -f deploy/docker/files.Dockerfile -t ghcr.io/mediakit/files:0.1.0 .

# Build: the workspace's dependencies, the generated gRPC code.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY . .
# No install scripts: sharp, argon2 and buf ship prebuilt binaries as optional packages, and the
# `node` package's binary is not needed (the image is Node 24 already).
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && node scripts/gen-proto.mjs \
 && cd /src && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# Run: Node 24 slim, ffprobe (Debian's ffmpeg package) to read what an uploaded video or audio file
# is, non-root, nothing written outside the mounted /tmp and /data.
FROM node:24.21.0-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
# GLIBC_TUNABLES: malloc's heap on huge pages, so that starting ffprobe (a fork) does not cost the
# service a page fault per 4 KiB afterwards (SPAWNING_SERVICE_ENV in packages/devstack/src/service-specs.ts).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    TMP_DIR=/tmp \
    GLIBC_TUNABLES=glibc.malloc.hugetlb=1
WORKDIR /app
COPY --from=build --chown=root:root /src/package.json ./
COPY --from=build --chown=root:root /src/node_modules ./node_modules
COPY --from=build --chown=root:root /src/packages ./packages
COPY --from=build --chown=root:root /src/services/files ./services/files
# The code belongs to root and is read-only for the service's user (node, uid 1000).
USER 1000:1000
# Node 24 runs the TypeScript sources directly (type stripping); SIGTERM goes straight to node.
# OpenTelemetry's instrumentations load first (packages/devstack/src/service-runtime.ts says why).
# A small young generation: the Buffers every upload and download moves are freed at the next
# scavenge instead of piling up until a full GC (SMALL_YOUNG_GENERATION_FLAGS in
# packages/devstack/src/service-specs.ts).
CMD ["node", "--import", "@mediakit/kit/telemetry-register", "--max-semi-space-size=2", "services/files/src/main.ts"]
