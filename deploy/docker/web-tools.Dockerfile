# syntax=docker/dockerfile:1
# The tools remote, as static files behind nginx. Build from the repository root:
#   docker build -f deploy/docker/web-tools.Dockerfile -t ghcr.io/mediakit/web-tools:0.1.0 .

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && cd frontends/tools \
 && NODE_ENV=production ../../node_modules/.bin/rspack build --mode production

# nginx-unprivileged: listens on 8080 as uid 101, keeps its pid and temp files under /tmp (an
# emptyDir in the pod, so the root filesystem stays read-only).
FROM nginxinc/nginx-unprivileged:1.27.3-alpine
COPY deploy/docker/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY deploy/docker/nginx/cache-headers.inc /etc/nginx/conf.d/cache-headers.inc
COPY --from=build /src/frontends/tools/dist /usr/share/nginx/html/remotes/tools
USER 101:101
EXPOSE 8080
