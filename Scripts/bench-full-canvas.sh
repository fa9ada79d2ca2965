#!/usr/bin/env bash
# The cost of a frame that repaints the whole canvas: a 512 x 512 rectangle whose fill colour
# changes every frame (600 frames), ours next to rlottie and ThorVG, in the same run.
#
#     Scripts/bench-full-canvas.sh [RUNS]
#
# Writes the fixture into a temporary folder and times, RUNS times each (default 5), on one core:
# our `lottie-cli bench --repeat 5` with straight alpha (as ThorVG's benchmark writes its pixels)
# and with `--premultiplied` (as rlottie's does), then each reference player's
# ../shared/tools/peers/bench.py when PEERS_PYTHON is set. Prints the fastest run of each, in
# milliseconds a frame, and each of ours over rlottie's.
#
# Environment:
#     PEERS_PYTHON=PATH   a Python with the packages of ../shared/tools/peers/requirements.txt
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#     LOTTIE_CLI=PATH     time this lottie-cli instead (another version, kept aside)
set -euo pipefail

default_runs=5
# shellcheck source=bench-setup.sh
source "$(dirname "$0")/bench-setup.sh"
fixture="$folder/full-canvas.json"
cat > "$fixture" <<'JSON'
{"v": "5.7.0", "fr": 60, "ip": 0, "op": 600, "w": 512, "h": 512, "layers": [
  {"ty": 4, "ind": 1, "ip": 0, "op": 600, "st": 0, "ks": {}, "shapes": [
    {"ty": "rc", "p": {"a": 0, "k": [256, 256]}, "s": {"a": 0, "k": [512, 512]}, "r": {"a": 0, "k": 0}},
    {"ty": "fl", "o": {"a": 0, "k": 100}, "c": {"a": 1, "k": [
      {"t": 0, "s": [1, 0, 0, 1], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}},
      {"t": 600, "s": [0, 0, 1, 1]}]}}]}]}
JSON

# The fastest of RUNS runs of a command that prints one JSON object with KEY.
fastest() {
    local key=$1; shift
    for _ in $(seq "$runs"); do
        "$@" | python3 -c "import json, sys; d = json.load(sys.stdin); d = d[0] if isinstance(d, list) else d; print(d['$key'])"
    done | sort -g | head -1
}

straight=$(fastest renderMillisecondsPerFrame "${pin[@]}" "$cli" bench "$fixture" --json --repeat 5)
premultiplied=$(fastest renderMillisecondsPerFrame "${pin[@]}" "$cli" bench "$fixture" --json --repeat 5 --premultiplied)
printf '%-24s %8.4f ms\n' "ours, straight alpha" "$straight" "ours, premultiplied" "$premultiplied"
if [ -n "${PEERS_PYTHON:-}" ]; then
    for peer in rlottie thorvg; do
        value=$(fastest ms_per_frame "${pin[@]}" "$PEERS_PYTHON" ../shared/tools/peers/bench.py --peer "$peer" "$fixture" \
            --size 512x512 --repeats 3)
        printf '%-24s %8.4f ms\n' "$peer" "$value"
        [ "$peer" = rlottie ] && rlottie=$value
    done
    python3 -c "print(f'ours / rlottie: straight {$straight / $rlottie:.2f}, premultiplied {$premultiplied / $rlottie:.2f}')"
fi
