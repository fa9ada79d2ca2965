#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a given time.
#
#     Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is `decoder` (bytes -> LottieDecoder), `font` (bytes -> FontFace.faces(in:) -> outlines
# of up to 512 glyphs, cmap lookups, advances, kerning; see Fuzz/Font/FontFuzzer.swift), `pipeline`
# (decode -> Timeline -> scenes at three moments -> render at 32x32), `boolean` (bytes -> paths on
# a small grid combined by a merge paths item in every mode -> scenes -> render at 32x32; see
# Fuzz/Boolean/BooleanFuzzer.swift), `jpeg` (bytes -> JPEGDecoder with a 4 Mpx limit, and size(of:);
# see Fuzz/JPEG/JPEGFuzzer.swift),
# `expression` (bytes as UTF-8 text -> ExpressionParser, then, when it parses, the text as the
# expression of several properties of a small animation -> Timeline -> scenes at three frames ->
# render at 32x32; see Fuzz/Expression/ExpressionFuzzer.swift) or `webp` (bytes ->
# WebPDecoder(limits: 4 Mpx).decode; see Fuzz/WebP/WebPFuzzer.swift).
# The sources of LottieModel (and LottiePlay) are compiled straight with
# `swiftc -sanitize=fuzzer,address -O` into .build/fuzz/ (the root package stays dependency-free and
# SwiftPM is not involved); libFuzzer comes with the toolchain.
#
# The run's corpus is a fresh temporary folder seeded from Samples/, the hostile fixtures
# (Tests/Hostile/*.json) and, when it is there, the small JSON files of ../shared/corpus. The
# expression target's seeds are instead a few hand-written expressions (hostile ones among them:
# an endless loop, deep recursion, a doubling string, a cycle between two layers, huge loopOut and
# wiggle arguments) and every distinct
# expression (`x` string) of the ../shared/corpus JSON files (.json, .lot), extracted with python3 when it is
# installed; its dictionary is Fuzz/expression.dict.
# The jpeg target is seeded with the JPEG test fixtures (Tests/LottiePlayTests/Image/JPEG/Fixtures/*.jpg,
# written by Scripts/make-jpeg-fixtures.py); it has no dictionary.
# The font target (LottieModel only, like decoder) is seeded from Fuzz/Font/seeds: small TrueType,
# CFF and collection fonts of our own, written by the tests' font writer; it has no dictionary.
# The webp target (LottieModel and LottiePlay, like pipeline) is seeded from the WebP test
# fixtures (Tests/LottiePlayTests/Image/WebP/Fixtures/*.webp, written by
# Scripts/make-webp-fixtures.py); it has no dictionary.
# Nothing is written into the source tree: crashes, timeouts, slow units and the log go to
# .build/fuzz/TARGET/ (crash-*, timeout-*, oom-*, slow-unit-*, fuzz.log).
#
# Environment:
#     FUZZ_KEEP_GOING=1   keep running after a crash, timeout or out-of-memory (libFuzzer's fork mode)
#     FUZZ_CORPUS=DIR     use (and grow) this corpus folder instead of a temporary one
#     FUZZ_TIMEOUT=S      seconds before an input counts as a hang (default 10; a unit slower than 2 s
#                         is saved as slow-unit-*)
#     FUZZ_NO_BUILD=1     reuse the binary of the last build
#     LOTTIE_FUZZ_DIFFERENTIAL=1   (decoder) stop when the fast reader and the Codable path disagree,
#                                  or an error has no line and column;
#                                  (pipeline) stop when a frame made with the timeline's still memory,
#                                  or a scene updated in place, differs from the same frame made by
#                                  a new timeline
#
# Reproduce a finding by running the binary on the file:
#     .build/fuzz/pipeline-fuzzer .build/fuzz/pipeline/crash-<hash>
# The boolean target's inputs are byte programs, not JSON: its seeds are a few fixed programs.
# The expression target's inputs are expression source text; the font target's are font files;
# the jpeg target's are JPEG files; the webp target's are WebP files.
set -euo pipefail

usage() {
    echo "usage: Scripts/fuzz.sh decoder|font|pipeline|boolean|expression|jpeg|webp SECONDS [libFuzzer options...]" >&2
    exit 2
}
[ $# -ge 2 ] || usage
target=$1
duration=$2
shift 2
case "$target" in decoder|font|pipeline|boolean|expression|jpeg|webp) ;; *) usage ;; esac
case "$duration" in ''|*[!0-9]*) usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/.build/fuzz"
out="$build/$target"
binary="$build/$target-fuzzer"
mkdir -p "$build" "$out"

flags=(-swift-version 6 -parse-as-library -package-name LottieToolkit -O -g -sanitize=fuzzer,address)

# The gold linker warns about every ASan helper symbol; those lines say nothing.
quiet() { "$@" 2>&1 | { grep -v "Cannot export local symbol" || true; }; return "${PIPESTATUS[0]}"; }

module() {
    # $1: module name; its sources are Sources/$1.
    local sources
    sources=$(find "$root/Sources/$1" -name '*.swift' | sort)
    # shellcheck disable=SC2086
    quiet swiftc "${flags[@]}" -module-name "$1" -I "$build" -wmo -c -o "$build/$1.o" \
        -emit-module -emit-module-path "$build/$1.swiftmodule" $sources
}

if [ "${FUZZ_NO_BUILD:-0}" != 1 ] || [ ! -x "$binary" ]; then
    echo "building $target-fuzzer (swiftc -sanitize=fuzzer,address -O)..." >&2
    started=$(date +%s)
    module LottieModel
    objects=("$build/LottieModel.o")
    if [ "$target" != decoder ] && [ "$target" != font ]; then
        module LottiePlay
        objects+=("$build/LottiePlay.o")
    fi
    source_file="$root/Fuzz/Decoder/DecoderFuzzer.swift"
    [ "$target" = font ] && source_file="$root/Fuzz/Font/FontFuzzer.swift"
    [ "$target" = pipeline ] && source_file="$root/Fuzz/Pipeline/PipelineFuzzer.swift"
    [ "$target" = boolean ] && source_file="$root/Fuzz/Boolean/BooleanFuzzer.swift"
    [ "$target" = expression ] && source_file="$root/Fuzz/Expression/ExpressionFuzzer.swift"
    [ "$target" = jpeg ] && source_file="$root/Fuzz/JPEG/JPEGFuzzer.swift"
    [ "$target" = webp ] && source_file="$root/Fuzz/WebP/WebPFuzzer.swift"
    quiet swiftc "${flags[@]}" -I "$build" "$source_file" "${objects[@]}" -o "$binary"
    echo "built in $(( $(date +%s) - started )) s: $binary" >&2
fi

# The corpus: a temporary folder unless FUZZ_CORPUS names one; seeds are copied in either way.
if [ -n "${FUZZ_CORPUS:-}" ]; then
    corpus=$FUZZ_CORPUS
    mkdir -p "$corpus"
else
    corpus=$(mktemp -d "${TMPDIR:-/tmp}/lottie-fuzz-$target.XXXXXX")
    trap 'rm -rf "$corpus"' EXIT
fi
seed() { [ -f "$1" ] && cp "$1" "$corpus/seed-$(printf '%s' "$1" | cksum | cut -d' ' -f1)-$(basename "$1")"; return 0; }
if [ "$target" = font ]; then
    for file in "$root"/Fuzz/Font/seeds/*; do seed "$file"; done
elif [ "$target" = jpeg ]; then
    for file in "$root"/Tests/LottiePlayTests/Image/JPEG/Fixtures/*.jpg; do seed "$file"; done
elif [ "$target" = webp ]; then
    for file in "$root"/Tests/LottiePlayTests/Image/WebP/Fixtures/*.webp; do seed "$file"; done
elif [ "$target" = boolean ]; then
    # Two squares on the grid (mode byte, then per path: kind, header, vertices), and a curved pair.
    printf '\x02\x00\x04\x00\x00\x00\x00\x80\x00\x00\x00\x88\x00\x00\x00\x08\x00\x00\x00\x00\x04\x44\x00\x00\xc4\x00\x00\xcc\x00\x00\x4c\x00\x00' > "$corpus/seed-squares"
    printf '\x03\x03\x04\x00\x01\x22\x01\x22\x80\x01\x22\x01\x22\x88\x01\x22\x01\x22\x08\x01\x22\x01\x22\x04\x14\x01\x33\x01\x33\xf4\x01\x33\x01\x33\xff\x01\x33\x01\x33\x1f\x01\x33\x01\x33' > "$corpus/seed-curves"
elif [ "$target" = expression ]; then
    # A few hand-written expressions; the corpus's own are extracted below.
    printf '%s' "var \$bm_rt;"$'\n'"\$bm_rt = loopOut('cycle');" > "$corpus/seed-loop"
    printf '%s' "var s = thisComp.layer('Ctrl').effect('Size')('Slider'), t = \`\${s}px\`;"$'\n'"[s * 2, s / 2]" > "$corpus/seed-effect"
    printf '%s' "function f(a, b) { for (var i = 0; i < a.length; i++) { if (a[i] === b) return i } return -1 }" > "$corpus/seed-function"
    printf '%s' "try { x = {a: 1, 'b': [1, , 3], f(y) { return y ** 2 }} } catch (e) { throw new Error(e) } finally { n++ }" > "$corpus/seed-try"
    printf '%s' "const g = (a, b) => a ?? b; switch (typeof g) { case 'function': g(0x1F, .5e3); break; default: }" > "$corpus/seed-arrow"
    printf '%s' "do { v = -v >>> 1 } while (v && !(v in o))"$'\n'"for (let k of keys) continue" > "$corpus/seed-loops"
    # Hostile ones: each must end on its budget and leave the keyframed value.
    printf '%s' "while (true) {}" > "$corpus/seed-endless"
    printf '%s' "function r(n) { return r(n + 1) + 1; } r(0);" > "$corpus/seed-recursion"
    printf '%s' "var s = 'x'; while (1) s += s;" > "$corpus/seed-memory"
    printf '%s' "thisComp.layer('B').transform.position" > "$corpus/seed-cycle-b"
    printf '%s' "thisComp.layer('A').transform.position + thisComp.layer('B').transform.position" > "$corpus/seed-cycle-ab"
    printf '%s' "loopOut('pingpong', 1e9)" > "$corpus/seed-pingpong"
    printf '%s' "wiggle(1e9, 1e9, 1e9)" > "$corpus/seed-wiggle"
    printf '%s' "effect('Slider Control')('Slider').valueAtTime(time - 1) + content('Group 1').content('Path 1').path.points().length" > "$corpus/seed-host"
    if [ -d "$root/../shared/corpus" ] && command -v python3 > /dev/null; then
        find "$root/../shared/corpus" \( -name '*.json' -o -name '*.lot' \) -print0 | python3 -c '
import hashlib, json, os, sys
folder = sys.argv[1]
seen = set()
def walk(item):
    stack = [item]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("x"), str):
                seen.add(item["x"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
for path in sys.stdin.buffer.read().split(b"\0"):
    if not path:
        continue
    try:
        with open(path, "rb") as handle:
            if b"\"x\"" not in handle.read():
                continue
        with open(path, "rb") as handle:
            walk(json.load(handle))
    except (OSError, ValueError, RecursionError):
        continue
for text in seen:
    name = "seed-expression-" + hashlib.sha1(text.encode()).hexdigest()[:16]
    with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
        handle.write(text)
' "$corpus"
    fi
else
for file in "$root"/Samples/*.json; do seed "$file"; done
fi
if [ "$target" != boolean ] && [ "$target" != expression ] && [ "$target" != font ] && [ "$target" != jpeg ] \
    && [ "$target" != webp ] \
    && [ -d "$root/Tests/Hostile" ]; then
    # Reported/ holds inputs still too slow for other code (they would only time out here).
    while IFS= read -r file; do seed "$file"; done < <(find "$root/Tests/Hostile" -path '*/Reported' -prune -o \
        -type f -name '*.json' -size -64k -print)
fi
if [ "$target" != boolean ] && [ "$target" != expression ] && [ "$target" != font ] && [ "$target" != jpeg ] \
    && [ "$target" != webp ] \
    && [ -d "$root/../shared/corpus" ]; then
    while IFS= read -r file; do seed "$file"; done < <(find "$root/../shared/corpus" -name '*.json' -size -16k | sort)
fi
echo "corpus: $corpus ($(find "$corpus" -type f | wc -l | tr -d ' ') files before the run)" >&2

options=(
    -max_total_time="$duration"
    -timeout="${FUZZ_TIMEOUT:-10}"
    -report_slow_units=2
    -rss_limit_mb=3072
    -max_len=65536
    -artifact_prefix="$out/"
    -print_final_stats=1
)
case "$target" in
    decoder|pipeline) options+=(-dict="$root/Fuzz/lottie.dict") ;;
    expression) options+=(-dict="$root/Fuzz/expression.dict") ;;
esac
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi

log="$out/fuzz.log"
echo "running $target-fuzzer for $duration s; log: $log" >&2
set +e
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}" \
    timeout --kill-after=30 $(( duration + 300 )) "$binary" "${options[@]}" "$@" "$corpus" > "$log" 2>&1
status=$?
set +o pipefail  # the figures below come from greps that may find nothing

# The figures: the last status line (plain or fork mode) and the final statistics.
last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
executions=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
[ -n "$executions" ] || executions=$(printf '%s' "$last" | sed -E 's/^#([0-9]+).*/\1/')
per_second=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' | tail -1)
[ -n "$per_second" ] || per_second=$(printf '%s' "$last" | sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p')
coverage=$(printf '%s' "$last" | sed -nE 's/.*cov: ([0-9]+).*/\1/p')
features=$(printf '%s' "$last" | sed -nE 's/.*ft: ([0-9]+).*/\1/p')
corpus_size=$(printf '%s' "$last" | sed -nE 's/.*corp: ([0-9]+).*/\1/p')
peak_rss=$(grep -E '^stat::peak_rss_mb' "$log" | awk '{print $2}' | tail -1)
findings=$(find "$out" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort)
slow=$(find "$out" -maxdepth 1 -type f -name 'slow-unit-*' | wc -l | tr -d ' ')

echo "== $target-fuzzer: $duration s (libFuzzer exit status $status)"
echo "executions: ${executions:-?}   exec/s: ${per_second:-?}   corpus: ${corpus_size:-?} inputs   cov: ${coverage:-?}   ft: ${features:-?}   peak RSS: ${peak_rss:-?} MB"
echo "slow units (> 2 s): $slow"
if [ -n "$findings" ]; then
    echo "findings in $out:"
    printf '  %s\n' $findings
    exit 1
fi
echo "no crash, timeout or out-of-memory"
