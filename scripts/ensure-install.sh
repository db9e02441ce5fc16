#!/bin/sh
# Installs the dependencies when they are missing or older than the lock file. Runs under whatever Node the
# machine has (npm start on a fresh clone starts before Node 24 exists); after it, node_modules/.bin/node is
# Node 24 and every npm script uses it.
set -e
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -x node_modules/.bin/node ] || [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "> installing dependencies (npm install)"
  npm install --no-audit --no-fund
fi
