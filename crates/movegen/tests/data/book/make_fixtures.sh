#!/bin/sh
# Remakes the Polyglot book fixtures of this directory (see README.md). Needs `polyglot`
# (Debian package polyglot: /usr/games/polyglot), python-chess (`pip install chess`), zstd,
# and a release build of chessbits. Run from the repository root:
#   sh crates/movegen/tests/data/book/make_fixtures.sh
set -eu
here=crates/movegen/tests/data/book
sample=crates/pgn/tests/data/sample
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zstd -qdc "$sample/twic0920.pgn.zst" > "$tmp/twic.pgn"
zstd -qdc "$sample/lichess_db_2025-05_1000k.pgn.zst" > "$tmp/lichess.pgn"
(cd "$tmp" && /usr/games/polyglot make-book -pgn twic.pgn -bin twic.bin -max-ply 16 -min-game 2 >/dev/null)
(cd "$tmp" && /usr/games/polyglot make-book -pgn lichess.pgn -bin lichess.bin -max-ply 10 -min-game 3 >/dev/null)
cp "$tmp/twic.bin" "$here/polyglot-twic0920-ply16-min2.bin"
cp "$tmp/lichess.bin" "$here/polyglot-lichess-ply10-min3.bin"
target/release/chessbits book build "$sample/lichess_db_2025-05_1000k.pgn.zst" \
    -o "$here/chessbits-lichess-ply10-min3.bin" --max-ply 10 --min-games 3
python3 "$here/lookups.py" "$here/polyglot-twic0920-ply16-min2.bin" "$tmp/twic.pgn" 16 \
    > "$here/polyglot-twic0920-ply16-min2.lookups.txt"
python3 "$here/lookups.py" "$here/chessbits-lichess-ply10-min3.bin" "$tmp/lichess.pgn" 10 \
    > "$here/chessbits-lichess-ply10-min3.lookups.txt"
