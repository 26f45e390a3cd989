# syntax=docker/dockerfile:1
# The production image (docs/deploy.md, docs/decisions/023-deploy.md): the built server and web app,
# the production dependencies only, run as the unprivileged `node` user.
#   docker build -t quiz-points .
#   docker run --env-file production.env -e HOST=0.0.0.0 -p 127.0.0.1:3000:3000 quiz-points  # the server
#   docker run --env-file production.env -e DATABASE_URL=<owner's URL> quiz-points \
#     node apps/server/dist/migrate.js                                           # the migrations
# No Docker engine runs where the tests run, so apps/server/src/reliability/production-start.reliability.ts
# does what this file says without it: it copies every `COPY --from=build` source of the runtime
# stage to the same place in a folder, runs this file's `RUN npm ci` line there, and starts the
# server with its CMD and checks it with its HEALTHCHECK command. Keep those lines in their forms.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
RUN npm ci --omit=dev --omit=optional --ignore-scripts --prefer-offline --no-audit --no-fund && npm cache clean --force
# sharp's native image library is an optional dependency for each platform (@img/sharp-<os>-<cpu>),
# which --omit=optional leaves out: it comes from the build stage, which installed it for this one.
COPY --from=build /app/node_modules/@img node_modules/@img
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/server/sample-ads apps/server/sample-ads
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
