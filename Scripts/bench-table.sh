#!/usr/bin/env bash
# The speed table of the README: `lottie-cli bench` on the samples and the largest number-heavy
# files of ../shared/corpus, next to the reference players' times for the same files, measured in
# the same session, with the ratios the speed targets are stated in.
#
#     Scripts/bench-table.sh [RUNS]
#
# Each of RUNS rounds (default 3) runs our bench on every file, then each reference player on
# every file, so that all of them see the machine in the same state; the table gives the medians
# of the rounds. Our times are release builds (built first), `--repeat 9`, 512 x 512.
#
# Environment:
#     PEERS_PYTHON=PATH   a Python with the packages of ../shared/tools/peers/requirements.txt
#                         (rlottie-python, thorvg-python); without it the peers' columns are "-"
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#
# Needs python3 to put the table together. Files missing here (no ../shared) are left out.
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${1:-3}
case "$runs" in ''|*[!0-9]*|0) echo "usage: Scripts/bench-table.sh [RUNS]" >&2; exit 2 ;; esac

corpus=../shared/corpus
files=(Samples/home.json Samples/user.json)
for file in thorvg.example/res/lottie/page_slide.json lottie-web/demo/bodymovin/data.json \
            lottie-web/test/animations/bm_ronda.json lottie-web/demo/navidad/data.json \
            thorvg.example/res/lottie/textblock.json dotlottie-web/fixtures/lottie/batman.json; do
    [ -f "$corpus/$file" ] && files+=("$corpus/$file")
done

[ -n "${BENCH_NO_BUILD:-}" ] || swift build -c release >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for run in $(seq "$runs"); do
    echo "round $run of $runs" >&2
    .build/release/lottie-cli bench --json --repeat 9 "${files[@]}" > "$out/ours.$run.json"
    if [ -n "${PEERS_PYTHON:-}" ]; then
        for peer in thorvg rlottie; do
            for file in "${files[@]}"; do
                "$PEERS_PYTHON" ../shared/tools/peers/bench.py --peer "$peer" "$file" --size 512x512 \
                    >> "$out/peers.$run.jsonl"
            done
        done
    fi
done

python3 - "$out" "$runs" <<'PY'
import json, os, statistics, sys

folder, runs = sys.argv[1], int(sys.argv[2])
ours, peers = {}, {}
for run in range(1, runs + 1):
    for row in json.load(open(os.path.join(folder, f"ours.{run}.json"))):
        ours.setdefault(row["file"], []).append(row)
    path = os.path.join(folder, f"peers.{run}.jsonl")
    if os.path.exists(path):
        for line in open(path):
            if line.strip():
                row = json.loads(line)
                peers.setdefault((row["file"], row["peer"]), []).append(row)

def median(rows, key):
    values = [row[key] for row in rows if row.get(key) is not None]
    return statistics.median(values) if values else None

def cell(value, digits):
    return "-" if value is None else f"{value:.{digits}f}"

print("| file | MB | decode ms | JSONDecoder ms | ratio | peak / size | eval µs | render ms | eval share"
      " | ThorVG ms | ours / ThorVG | rlottie ms | ThorVG load ms | rlottie load ms |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for file, rows in ours.items():
    render = median(rows, "renderMillisecondsPerFrame")
    shares = [row["evaluateMicrosecondsPerFrame"] / 1000 / row["renderMillisecondsPerFrame"]
              for row in rows if row.get("renderMillisecondsPerFrame")]
    peaks = [row["decodePeakBytes"] / row["bytes"] for row in rows if row.get("decodePeakBytes") is not None]
    thorvg, rlottie = peers.get((file, "thorvg"), []), peers.get((file, "rlottie"), [])
    thorvg_ms = median(thorvg, "ms_per_frame")
    name = file.replace("../shared/corpus/", "")
    print(f"| {name} | {rows[0]['bytes'] / 1e6:.2f} | {cell(median(rows, 'decodeMilliseconds'), 2)}"
          f" | {cell(median(rows, 'foundationDecodeMilliseconds'), 1)} | {median(rows, 'speedup'):.0f}x"
          f" | {cell(statistics.median(peaks) if peaks else None, 1)}"
          f" | {cell(median(rows, 'evaluateMicrosecondsPerFrame'), 1)} | {cell(render, 2)}"
          f" | {cell(100 * statistics.median(shares) if shares else None, 1)}%"
          f" | {cell(thorvg_ms, 2)} | {cell(render / thorvg_ms if render and thorvg_ms else None, 2)}"
          f" | {cell(median(rlottie, 'ms_per_frame'), 2)} | {cell(median(thorvg, 'load_ms'), 1)}"
          f" | {cell(median(rlottie, 'load_ms'), 1)} |")
print(f"\nMedians of {runs} rounds; eval share is the median of each round's evaluation / render.")
PY
