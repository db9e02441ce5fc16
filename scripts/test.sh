#!/bin/sh
# npm test: every check and test (scripts/run-tests.ts says which, in order).
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-install.sh
exec node_modules/.bin/node scripts/run-tests.ts "$@"
