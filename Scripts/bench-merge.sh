#!/usr/bin/env bash
# The cost of a merge paths item: two curved 100-vertex paths, the second turning so that every
# frame merges anew, combined in each mode. Two pairs: circles (radii 150 and 130, centres 60
# apart: two crossings) and wavy circles (the same with their radii waving 7 and 9 times round by
# 20 and 25: about twenty crossings).
#
#     Scripts/bench-merge.sh [RUNS]
#
# Writes one fixture per mode into a temporary folder (with python3) and times them with
# `lottie-cli bench --repeat 9`, RUNS times (default 3), on one core. Mode 1 (merge) only keeps
# the contours together: the same paths evaluated in the same run with no Boolean operation,
# the baseline. Prints, per mode, the fastest run's evaluation in microseconds a frame, that less
# the baseline (the Boolean operation), and rendering in milliseconds a frame.
#
# Environment:
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#     LOTTIE_CLI=PATH     time this lottie-cli instead (another version, kept aside)
set -euo pipefail

default_runs=3
# shellcheck source=bench-setup.sh
source "$(dirname "$0")/bench-setup.sh"
python3 - "$folder" <<'PYTHON'
import json, math, sys
def wavy(r, amp, waves, n=100):
    vertices, ins, outs = [], [], []
    for k in range(n):
        a = 2 * math.pi * k / n
        radius = r + amp * math.sin(waves * a)
        slope = amp * waves * math.cos(waves * a)
        # The tangent of the curve along a, a third of a step long.
        tx = slope * math.cos(a) - radius * math.sin(a)
        ty = slope * math.sin(a) + radius * math.cos(a)
        s = 2 * math.pi / n / 3
        vertices.append([radius * math.cos(a), radius * math.sin(a)])
        ins.append([-tx * s, -ty * s])
        outs.append([tx * s, ty * s])
    return {"c": True, "v": vertices, "i": ins, "o": outs}
def still(value): return {"a": 0, "k": value}
for family, (amplitude1, amplitude2) in {"circles": (0, 0), "wavy": (20, 25)}.items():
    for mode in range(1, 6):
        turning = {"ty": "tr", "p": still([60, 0]), "a": still([0, 0]), "s": still([100, 100]), "o": still(100),
                   "r": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                                       {"t": 60, "s": [360]}]}}
        group = {"ty": "gr", "it": [
            {"ty": "sh", "ks": still(wavy(150, amplitude1, 7))},
            {"ty": "gr", "it": [{"ty": "sh", "ks": still(wavy(130, amplitude2, 9))}, turning]},
            {"ty": "mm", "mm": mode},
            {"ty": "fl", "c": still([0.9, 0.2, 0.3, 1]), "o": still(100), "r": 1},
            {"ty": "tr", "p": still([256, 256]), "a": still([0, 0]), "s": still([100, 100]), "r": still(0),
             "o": still(100)}]}
        animation = {"v": "5.7.0", "fr": 60, "ip": 0, "op": 60, "w": 512, "h": 512, "layers": [
            {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [group]}]}
        with open(f"{sys.argv[1]}/{family}-mode-{mode}.json", "w") as file:
            json.dump(animation, file)
PYTHON

for run in $(seq "$runs"); do
    "${pin[@]}" "$cli" bench "$folder"/*-mode-*.json --repeat 9 --json > "$folder/run-$run.json"
done
python3 - "$folder"/run-*.json <<'PYTHON'
import json, sys
best = {}
for path in sys.argv[1:]:
    for row in json.load(open(path)):
        name = row["file"].rsplit("/", 1)[-1]
        old = best.get(name)
        if old is None or row["evaluateMicrosecondsPerFrame"] < old["evaluateMicrosecondsPerFrame"]:
            best[name] = row
names = ["merge (1)", "add (2)", "subtract (3)", "intersect (4)", "exclude (5)"]
print(f"{'paths':<9}{'mode':<15}{'eval us/frame':>15}{'less mode 1':>13}{'render ms/frame':>17}")
for family in ["circles", "wavy"]:
    base = best[f"{family}-mode-1.json"]["evaluateMicrosecondsPerFrame"]
    for mode in range(1, 6):
        row = best[f"{family}-mode-{mode}.json"]
        evaluate = row["evaluateMicrosecondsPerFrame"]
        print(f"{family:<9}{names[mode - 1]:<15}{evaluate:>15.1f}{evaluate - base:>13.1f}"
              f"{row.get('renderMillisecondsPerFrame', 0):>17.3f}")
PYTHON
