#!/usr/bin/env bash
# The contract and server tests on another Node.js line, from the npm registry's `node` package
# (nothing installed system-wide; the binary is kept between runs), their suites on SQLite
# (TEST_DIALECTS=sqlite,postgres for both):
#
#   scripts/test-on-node.sh 24
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

echo "Contract and server tests on Node.js $("$node" --version), suites looped over SQLite only"
# What another Node.js line changes is native code (better-sqlite3, sharp, argon2) and the
# runtime itself; the PostgreSQL driver is plain JavaScript, and every suite ran on PostgreSQL on
# the main line already. Tests that build a PostgreSQL app by name still run. Vitest starts its
# workers with the Node.js that runs it.
TEST_DIALECTS="${TEST_DIALECTS:-sqlite}" "$node" "$root/node_modules/vitest/vitest.mjs" run --project contract --project server
