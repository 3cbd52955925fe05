#!/usr/bin/env bash
# The board's module built with each sliding-attack method that fits in WebAssembly (PEXT
# does not exist there; rotated keeps state the free functions cannot), its size gzipped and
# its speed in Node: the table of crates/wasm/README.md and docs/BENCHMARKS.md.
#   crates/wasm/bench/methods.sh [method...]     (after build.sh and npm ci in js/)
# Each build goes to target/wasm-methods/<method>; attack-tables' build.rs reads the method
# from CHESSBITS_WASM_SLIDERS. Needs what build.sh needs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
methods="${*:-hyperbola kogge-stone classical perfect perfect-minimal perfect-direct magic}"
target="$root/target/wasm32-unknown-unknown/wasm/chessbits_wasm.wasm"
opt="$here/../js/node_modules/.bin/wasm-opt"
dirs=()
for m in $methods; do
  out="$root/target/wasm-methods/$m"
  rm -rf "$out"
  CHESSBITS_WASM_SLIDERS="$m" cargo build -q -p chessbits-wasm --target wasm32-unknown-unknown \
    --profile wasm --no-default-features --features board
  wasm-bindgen --target web --out-dir "$out" --out-name chessbits "$target"
  if [ -x "$opt" ] && [ "${CHESSBITS_WASM_OPT:-1}" != 0 ]; then
    "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$out/chessbits_bg.wasm" -o "$out/chessbits_bg.wasm"
  fi
  dirs+=("$m=$out")
done
# The default build's state again (hyperbola), so that build.sh's next build is as usual.
cargo build -q -p chessbits-wasm --target wasm32-unknown-unknown --profile wasm \
  --no-default-features --features board
node "$here/methods.mjs" "${dirs[@]}"
