#!/bin/sh
# npm start: install what is missing, build what is stale, then serve. The server itself applies the
# migrations and loads the demo data on first run.
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-install.sh
sh scripts/ensure-build.sh
# exec, so that Ctrl+C and SIGTERM reach the server and its graceful shutdown.
exec node_modules/.bin/node apps/server/src/main.ts
