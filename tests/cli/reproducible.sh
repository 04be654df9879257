#!/usr/bin/env bash
# Tests draw their data from seeded generators, never from /dev/urandom or $RANDOM, so
# that a failure can be replayed exactly.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
hits=$(grep -nE '/dev/u?random|\$RANDOM|\$\{RANDOM|shuf ' tests/cli/*.sh scripts/*.sh tests/unit/*.c |
  grep -v '^tests/cli/reproducible.sh:')
if [[ -n $hits ]]; then
  echo "FAIL: unseeded random data:"
  echo "$hits"
  exit 1
fi
echo "ok: no test reads an unseeded random source"
