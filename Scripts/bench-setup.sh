# Sourced by the fixture benchmarks (bench-full-canvas.sh, bench-merge.sh, bench-effects.sh)
# after `set -euo pipefail`, with the script's arguments: moves to the package root, reads RUNS (the first
# argument, default $default_runs), builds the release lottie-cli unless LOTTIE_CLI or
# BENCH_NO_BUILD says otherwise, and sets `cli` (the binary), `pin` (taskset to core 0 where
# there is one) and `folder` (a temporary folder removed on exit).
cd "$(dirname "$0")/.."
runs=${1:-$default_runs}
case "$runs" in ''|*[!0-9]*|0) echo "usage: Scripts/$(basename "$0") [RUNS]" >&2; exit 2 ;; esac
if [ -z "${LOTTIE_CLI:-}" ] && [ -z "${BENCH_NO_BUILD:-}" ]; then
    swift build -c release --product lottie-cli >&2
fi
cli=${LOTTIE_CLI:-.build/release/lottie-cli}
pin=()
command -v taskset > /dev/null && pin=(taskset -c 0)
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
