#!/usr/bin/env bash
# The cost of layer effects on a 512 x 512 layer: a square covering the canvas, turning by a
# thousandth of a degree over 60 frames (so that every frame is drawn anew), with one effect.
# The baseline is the same layer at 99% opacity, drawn alone into its own buffer as a layer with
# effects is, but with none.
#
#     Scripts/bench-effects.sh [RUNS]
#
# Writes the fixtures into a temporary folder (with python3) and times each with `lottie-cli
# render FILE --all --bench`, the fixtures one after another, RUNS times (default 5), on one core.
# Prints, per effect, the fastest run's milliseconds a frame and that less the baseline's (the
# effect).
#
# Environment:
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#     LOTTIE_CLI=PATH     time this lottie-cli instead (another version, kept aside)
set -euo pipefail

default_runs=5
# shellcheck source=bench-setup.sh
source "$(dirname "$0")/bench-setup.sh"
python3 - "$folder" <<'PYTHON'
import json, sys
def still(value): return {"a": 0, "k": value}
def parameter(kind, value): return {"ty": kind, "nm": "p", "v": still(value)}
effects = {
    "baseline": [],
    "gaussian-blur-10": [{"ty": 29, "ef": [parameter(0, 10), parameter(7, 1), parameter(7, 0)]}],
    "gaussian-blur-100": [{"ty": 29, "ef": [parameter(0, 100), parameter(7, 1), parameter(7, 0)]}],
    "box-blur-5x3": [{"ty": 5, "mn": "ADBE Box Blur2", "ef": [parameter(0, 5), parameter(0, 3), parameter(7, 1),
                                                               parameter(7, 0)]}],
    "drop-shadow-10": [{"ty": 25, "ef": [parameter(2, [0, 0, 0, 1]), parameter(0, 128), parameter(1, 135),
                                         parameter(0, 10), parameter(0, 10), parameter(7, 0)]}],
    "tint": [{"ty": 20, "ef": [parameter(2, [0, 0, 1, 1]), parameter(2, [1, 1, 0, 1]), parameter(0, 100)]}],
}
for name, list in effects.items():
    turning = {"ty": "tr", "p": still([0, 0]), "a": still([0, 0]), "s": still([100, 100]), "o": still(100),
               "r": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                                   {"t": 60, "s": [0.001]}]}}
    square = {"ty": "gr", "it": [{"ty": "rc", "p": still([256, 256]), "s": still([512, 512]), "r": still(0)},
                                 {"ty": "fl", "c": still([1, 0, 0, 1]), "o": still(100), "r": 1}, turning]}
    layer = {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "shapes": [square],
             "ks": {"o": still(99 if name == "baseline" else 100)}}
    if list: layer["ef"] = list
    animation = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 512, "h": 512, "layers": [layer]}
    with open(f"{sys.argv[1]}/{name}.json", "w") as file:
        json.dump(animation, file)
PYTHON

names=(baseline gaussian-blur-10 gaussian-blur-100 box-blur-5x3 drop-shadow-10 tint)
declare -A best
for run in $(seq "$runs"); do
    for name in "${names[@]}"; do
        line=$("${pin[@]}" "$cli" render "$folder/$name.json" --all --bench | tail -n 1)
        ms=$(sed -n 's/.*: \([0-9.]*\) ms per frame.*/\1/p' <<< "$line")
        if [ -z "${best[$name]:-}" ] || awk "BEGIN { exit !($ms < ${best[$name]}) }"; then best[$name]=$ms; fi
    done
done
printf '%-20s%14s%16s\n' effect "ms/frame" "less baseline"
for name in "${names[@]}"; do
    printf '%-20s%14.2f%16.2f\n' "$name" "${best[$name]}" "$(awk "BEGIN { print ${best[$name]} - ${best[baseline]} }")"
done
