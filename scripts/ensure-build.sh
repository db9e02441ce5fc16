#!/bin/sh
# Builds the web app when dist is missing or any of its sources is newer than the last build.
set -e
cd "$(dirname "$0")/.."
index=apps/web/dist/index.html
sources="apps/web/src apps/web/public apps/web/index.html apps/web/vite.config.ts packages/contracts/src package-lock.json"
if [ ! -f "$index" ] || [ -n "$(find $sources -newer "$index" -print 2>/dev/null | head -n 1)" ]; then
  echo "> building the web app"
  npm run build
fi
