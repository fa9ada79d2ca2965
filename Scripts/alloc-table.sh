#!/usr/bin/env bash
# Heap allocations a frame of steady playback, over every JSON file of ../shared/corpus (or the
# files given): builds the allocation counter (Scripts/alloc-counter) and a release lottie-cli,
# runs `bench --no-render --repeat 1` on each file with the counter preloaded, and prints each
# file's allocations a frame, then how many files allocate nothing and the mean.
#
#     Scripts/alloc-table.sh [FILE...]
#
# Needs gcc and python3 (to put the table together). BENCH_NO_BUILD=1 reuses the release binary.
set -euo pipefail

cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -O2 -shared -fPIC -o "$out/liballoc.so" Scripts/alloc-counter/alloc-counter.c
[ -n "${BENCH_NO_BUILD:-}" ] || swift build -c release >&2

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(find ../shared/corpus -name '*.json' -o -name '*.lot' | sort)
fi

for file in "${files[@]}"; do
    # A file that does not decode, or a run that fails, is left out (and counted).
    LD_PRELOAD="$out/liballoc.so" .build/release/lottie-cli bench --json --no-render --repeat 1 "$file" \
        2>/dev/null >> "$out/rows.jsonl" || echo "{\"failed\": \"$file\"}" >> "$out/rows.jsonl"
done

python3 - "$out/rows.jsonl" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
rows, failed = [], 0
decoder = json.JSONDecoder()
index = 0
while index < len(text):
    while index < len(text) and text[index].isspace():
        index += 1
    if index >= len(text):
        break
    value, index = decoder.raw_decode(text, index)
    if isinstance(value, dict):
        failed += 1
    else:
        rows += value
for row in rows:
    print(f"{row.get('allocationsPerFrame', float('nan')):10.3f}  {row['file']}")
measured = [row['allocationsPerFrame'] for row in rows if row.get('allocationsPerFrame') is not None]
zero = sum(1 for value in measured if value == 0)
mean = sum(measured) / len(measured) if measured else 0
print(f"{zero} of {len(measured)} files allocate nothing a frame; mean {mean:.3f} a frame; {failed} not measured")
PY
