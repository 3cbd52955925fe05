#!/usr/bin/env bash
# Builds the npm package `chessbits` in crates/wasm/js: the board (Game), the variants
# (VariantGame) and the tables (readGames) as three .wasm files, each through
# wasm-bindgen --target web.
# Needs: rustup's wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# Cargo.lock pins (this script says how to install either if missing). Then:
#   cd crates/wasm/js && npm pack        # an installable tarball
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "build.sh: adding the wasm32-unknown-unknown target (rustup)" >&2
  rustup target add wasm32-unknown-unknown
fi
have="$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)"
if [ "$have" != "$want" ]; then
  echo "build.sh: installing wasm-bindgen-cli $want (have: ${have:-none})" >&2
  # --locked first; its lock file may name a release the registry has since yanked.
  cargo install wasm-bindgen-cli --version "$want" --locked ||
    cargo install wasm-bindgen-cli --version "$want"
fi

target="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/wasm/chessbits_wasm.wasm"
out="$here/js/wasm"
rm -rf "$out"
# wasm-opt from npm's binaryen where it is installed (npm ci in js/): see the README for
# what it gains (CHESSBITS_WASM_OPT=0 leaves it out).
opt="$here/js/node_modules/.bin/wasm-opt"
[ -x "$opt" ] && [ "${CHESSBITS_WASM_OPT:-1}" != 0 ] || opt=""
# finish MODULE: wasm-bindgen and wasm-opt on the module's build (a copy of it, so that the
# next module's build can overwrite the original meanwhile).
finish() {
  local m=$1 f="$out/$1/chessbits_bg.wasm"
  wasm-bindgen --target web --out-dir "$out/$m" --out-name chessbits "$out/$m.wasm"
  rm "$out/$m.wasm"
  if [ -n "$opt" ]; then
    "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue "$f" -o "$f.opt"
    mv "$f.opt" "$f"
  fi
}
# Three modules, each the crate with one feature: the board (what `import { Chess } from
# 'chessbits'` loads), the variants (`chessbits/variants`) and the tables (loaded by
# readGames on its first call). A page downloads only the ones it uses. Each module's
# wasm-bindgen and wasm-opt run beside the next module's build (a fat-LTO link on one core).
modules="board variants tables"
pids=()
mkdir -p "$out"
for m in $modules; do
  cargo build -p chessbits-wasm --target wasm32-unknown-unknown --profile wasm \
    --no-default-features --features "$m"
  cp "$target" "$out/$m.wasm"
  finish "$m" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid"
done
# The package's README (package.json's "files" names it): the crate's.
cp "$here/README.md" "$here/js/README.md"
for m in $modules; do
  f="$out/$m/chessbits_bg.wasm"
  echo "$m: $(wc -c <"$f") bytes, $(gzip -9 -c "$f" | wc -c) gzipped"
done
