#!/usr/bin/env bash
# Render speed on a seeded random sample of real files: ours next to rlottie and ThorVG, every
# frame at 512 x 512 on one thread, measured in the same rounds.
#
#     Scripts/bench-sample.sh [N] [SEED] [ROUNDS]
#
# Takes N files (default 40) at random, seeded by SEED (default 1), from the JSON animations that
# ../shared/corpus/manifest.tsv lists (whatever their size or features; the reference players read
# JSON only). Each of ROUNDS rounds (default 2) times our `lottie-cli bench` (release build,
# `--repeat 3`: evaluating and rendering every frame, as a player does) on every file, then each
# reference player's ../shared/tools/peers/bench.py on every file; the table gives the medians of
# the rounds, per file and as geometric means of the ratios, and how many files we render faster
# than both players.
#
# Environment:
#     PEERS_PYTHON=PATH   a Python with the packages of ../shared/tools/peers/requirements.txt
#                         (required: the ratios are the point)
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#     LOTTIE_CLI=PATH     time this lottie-cli instead (another version, kept aside)
#     BENCH_TIMEOUT=S     seconds a run may take before it is stopped and listed as not timed (120)
set -euo pipefail

cd "$(dirname "$0")/.."
count=${1:-40}
seed=${2:-1}
runs=${3:-2}
for value in "$count" "$seed" "$runs"; do
    case "$value" in ''|*[!0-9]*) echo "usage: Scripts/bench-sample.sh [N] [SEED] [ROUNDS]" >&2; exit 2 ;; esac
done
corpus=../shared/corpus
[ -f "$corpus/manifest.tsv" ] || { echo "bench-sample: $corpus/manifest.tsv is missing" >&2; exit 1; }
[ -n "${PEERS_PYTHON:-}" ] || { echo "bench-sample: set PEERS_PYTHON to a Python with the peers' packages" >&2; exit 1; }

mapfile -t files < <(python3 - "$corpus" "$count" "$seed" <<'PY'
import csv, os, random, sys
corpus, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(os.path.join(corpus, "manifest.tsv"), newline="") as manifest:
    paths = sorted(row["path"] for row in csv.DictReader(manifest, delimiter="\t") if row["kind"] == "json")
for path in random.Random(seed).sample(paths, min(count, len(paths))):
    print(os.path.join(corpus, path))
PY
)

cli=${LOTTIE_CLI:-.build/release/lottie-cli}
limit=${BENCH_TIMEOUT:-120}
[ -n "${BENCH_NO_BUILD:-}${LOTTIE_CLI:-}" ] || swift build -c release --product lottie-cli >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for run in $(seq "$runs"); do
    echo "round $run of $runs" >&2
    for index in "${!files[@]}"; do
        file=${files[$index]}
        timeout "$limit" "$cli" bench --json --repeat 3 "$file" 2>/dev/null > "$out/ours.$run.$index.json" \
            || { rm -f "$out/ours.$run.$index.json"; echo "ours	$file" >> "$out/failed"; }
        for peer in rlottie thorvg; do
            # A player that crashes or runs past the limit on a file (ThorVG loops forever on
            # rlottie's repro_infinite_loop.json) is listed, not timed.
            timeout "$limit" "$PEERS_PYTHON" ../shared/tools/peers/bench.py --peer "$peer" "$file" --size 512x512 \
                --repeats 1 >> "$out/peers.$run.jsonl" 2>/dev/null || echo "$peer	$file" >> "$out/failed"
        done
    done
done

python3 - "$out" "$runs" "$seed" <<'PY'
import glob, json, os, statistics, sys

folder, runs, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ours, peers = {}, {}
for run in range(1, runs + 1):
    for path in glob.glob(os.path.join(folder, f"ours.{run}.*.json")):
        for row in json.load(open(path)):
            if row.get("renderMillisecondsPerFrame") is not None:
                ours.setdefault(row["file"], []).append(row["renderMillisecondsPerFrame"])
    for line in open(os.path.join(folder, f"peers.{run}.jsonl")):
        if line.strip():
            row = json.loads(line)
            peers.setdefault((row["file"], row["peer"]), []).append(row["ms_per_frame"])

def cell(value, digits=2):
    return "-" if value is None else f"{value:.{digits}f}"

print("| file | ours ms | rlottie ms | ThorVG ms | ours / rlottie | ours / ThorVG |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
versus = {"rlottie": [], "thorvg": []}
faster = compared = 0
for file, times in ours.items():
    mine = statistics.median(times)
    theirs = {peer: statistics.median(peers[(file, peer)]) if (file, peer) in peers else None for peer in versus}
    ratios = {peer: mine / value if value else None for peer, value in theirs.items()}
    for peer, ratio in ratios.items():
        if ratio:
            versus[peer].append(ratio)
    if all(ratios.values()):
        compared += 1
        faster += all(ratio < 1 for ratio in ratios.values())
    name = file.replace("../shared/corpus/", "")
    print(f"| {name} | {cell(mine)} | {cell(theirs['rlottie'])} | {cell(theirs['thorvg'])}"
          f" | {cell(ratios['rlottie'])} | {cell(ratios['thorvg'])} |")
print()
for peer, label in (("rlottie", "rlottie"), ("thorvg", "ThorVG")):
    values = versus[peer]
    mean = statistics.geometric_mean(values) if values else None
    print(f"ours / {label}: geometric mean {cell(mean)} over {len(values)} files")
print(f"faster than both: {faster} of {compared} files ({100 * faster / compared if compared else 0:.0f}%)")
print(f"seed {seed}, {len(ours)} files, medians of {runs} rounds, 512 x 512, every frame, one thread")
failed = os.path.join(folder, "failed")
if os.path.exists(failed):
    for entry in sorted(set(open(failed).read().splitlines())):
        who, file = entry.split("\t", 1)
        print(f"not timed: {who} on {file.replace('../shared/corpus/', '')} (crashed or ran past the time limit)")
PY
