#!/usr/bin/env bash
# cosim: the lock-step simulator's front end. Verilator fixes RTL parameters at
# build time, so each block/configuration/RTL variant is its own binary
# (cosim-<block>-<config>[-<variant>]) next to this script. This picks the one
# the options ask for, builds it on first use, and runs it with the same options.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

block=pred variant="" contexts="" lanes="" depth="" addr=4 loop=4 bcw=6
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  a=${args[i]} v=""
  case $a in
    --*=*) v=${a#*=}; a=${a%%=*} ;;
    *) ((i + 1 < ${#args[@]})) && v=${args[i + 1]} ;;
  esac
  case $a in
    --block) block=$v ;;
    --rtl-variant) variant=$v ;;
    --contexts) contexts=$v ;;
    --lanes) lanes=$v ;;
    --depth) depth=$v ;;
    --addr-depth) addr=$v ;;
    --loop-depth) loop=$v ;;
    --bc-width) bcw=$v ;;
  esac
done

case $block in
  pred) config=${contexts:-32}x${lanes:-20}x${depth:-32} ;;
  fc) config=${contexts:-1}x${lanes:-64}a${addr}l${loop}b${bcw} ;;
  *) config="" ;; # let the binary report the unknown block
esac
name=$block-$config${variant:+-$variant}
[[ $block =~ ^[a-z]+$ && $config =~ ^[0-9xalb]+$ && $variant =~ ^[a-z0-9_]*$ ]] || name=pred-32x20x32

bin=$here/cosim-$name
if [[ ! -x $bin ]]; then
  echo "cosim: building the $name model (once, ~10 s)..." >&2
  make -s -C "$root" BUILD="$here" "$bin" >&2 || { echo "cosim: could not build $name" >&2; exit 3; }
fi
exec "$bin" "$@"
