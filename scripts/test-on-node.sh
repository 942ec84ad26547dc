#!/usr/bin/env bash
# The contract and server tests on another Node.js line, from the npm registry's `node` package
# (nothing installed system-wide; the binary is kept between runs), their suites on SQLite
# (TEST_DIALECTS=sqlite,postgres for both):
#
#   scripts/test-on-node.sh 24
#
# NODE_LINE_SUITES=all runs every server suite, not only the native-bound ones (below).
#
# Run it after `npm ci` (on any supported Node.js): better-sqlite3 13 is prebuilt for every line
# from 22 on, so nothing is compiled again (apps/server/src/db/sqlite-driver.js).
set -euo pipefail
line="${1:?usage: scripts/test-on-node.sh <major version, e.g. 24>}"
cd "$(dirname "$0")/.."
root="$PWD"

prefix="${TMPDIR:-/tmp}/magazzino-node-$line"
node="$prefix/node_modules/node/bin/node"
if [ ! -x "$node" ]; then
  mkdir -p "$prefix"
  # The package fetches its platform binary in a preinstall script, which npm must be allowed to run.
  printf '{ "name": "magazzino-node-%s", "private": true, "allowScripts": { "node": true } }\n' "$line" >"$prefix/package.json"
  npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "node@$line"
fi

# What another Node.js line changes is native code and the runtime itself: the suites that drive
# better-sqlite3 (the driver, its reader threads, migrations, the search index, backups), sharp
# (photos) and argon2 (passwords) run again; the rest is plain JavaScript that the main line's run
# covered on both databases. The PostgreSQL driver is plain JavaScript too. Vitest starts its
# workers with the Node.js that runs it. NODE_LINE_SUITES=all runs every contract and server test.
suites=(
  apps/server/src/db
  apps/server/src/modules/media
  apps/server/src/modules/backup
  apps/server/src/modules/accounts/passwords.routes.test.ts
  apps/server/src/modules/accounts/accounts.service.test.ts
  apps/server/src/modules/parts/parts.search.test.ts
  apps/server/src/modules/parts/parts.stream.test.ts
  apps/server/src/modules/parts/parts.create.test.ts
)
if [ "${NODE_LINE_SUITES:-native}" = "all" ]; then suites=(); fi
echo "Contract and server tests on Node.js $("$node" --version), suites looped over SQLite only"
TEST_DIALECTS="${TEST_DIALECTS:-sqlite}" "$node" "$root/node_modules/vitest/vitest.mjs" run --project contract --project server "${suites[@]}"
