#!/usr/bin/env bash
# Our image decoders against Pillow's (libjpeg-turbo and libwebp) on the same images: 1024 x 1024
# photo-like images (a smooth gradient plus seeded noise) written with Pillow into a temporary
# folder, as baseline JPEG 4:4:4 and 4:2:0 and progressive JPEG 4:2:0 (quality 90), lossy WebP
# (quality 80) with and without alpha, and lossless WebP.
#
#     Scripts/bench-images.sh [PYTHON] [RUNS]
#
# PYTHON is a Python with Pillow (default: $PYTHON, else python3); Pillow usually lives in a virtual
# environment outside the repository. Each image is decoded RUNS times (default 9) by Pillow
# (`Image.open(file).load()` on the file's bytes in memory) and by `lottie-cli bench --json`, both
# timed as the CPU time of the decoding thread, on one core; the medians are compared. Prints per
# image its pixels, both decoders' milliseconds and millions of pixels a second, and the ratio
# Pillow's time / ours (1 = as fast as Pillow, 0.25 = a quarter of its speed). An image our decoder
# does not decode (lossy WebP, until it does) is reported as "not decoded".
#
# Environment:
#     BENCH_NO_BUILD=1    reuse the release binary of the last build
#     LOTTIE_CLI=PATH     time this lottie-cli instead (another version, kept aside)
set -euo pipefail

python=${1:-${PYTHON:-python3}}
if ! "$python" -c 'import PIL' 2> /dev/null; then
    echo "usage: Scripts/bench-images.sh [PYTHON] [RUNS]: '$python' has no Pillow (give a Python that does)" >&2
    exit 2
fi
case "${2:-9}" in ''|*[!0-9]*|0) echo "usage: Scripts/bench-images.sh [PYTHON] [RUNS]: RUNS must be a positive number" >&2; exit 2 ;; esac
# bench-setup.sh moves to the package root: a relative path to the Python must still name it.
if [[ "$python" == */* ]]; then python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")"; fi
default_runs=9
# shellcheck source=bench-setup.sh
source "$(dirname "$0")/bench-setup.sh" "${2:-}"

"${pin[@]}" "$python" - "$folder" "$runs" "$cli" <<'PYTHON'
import io, json, os, random, subprocess, sys, time
from PIL import Image, features

folder, runs, cli = sys.argv[1], int(sys.argv[2]), sys.argv[3]
size = 1024


def photo(seed, alpha=False):
    """A smooth gradient with noise of up to +-24 per channel (and, with alpha, a noisy ramp)."""
    generator = random.Random(seed)
    channels = 4 if alpha else 3
    pixels = bytearray(size * size * channels)
    at = 0
    for y in range(size):
        for x in range(size):
            noise = generator.randint(-24, 24)
            pixels[at] = max(0, min(255, x // 4 + noise))
            pixels[at + 1] = max(0, min(255, y // 4 - noise))
            pixels[at + 2] = max(0, min(255, (x + y) // 8 + noise))
            if alpha:
                pixels[at + 3] = max(0, min(255, 64 + (x + y) // 16 + noise))
            at += channels
    return Image.frombytes("RGBA" if alpha else "RGB", (size, size), bytes(pixels))


opaque, translucent = photo(1), photo(2, alpha=True)
images = [
    ("jpeg-baseline-444.jpg", opaque, dict(format="JPEG", quality=90, subsampling=0)),
    ("jpeg-baseline-420.jpg", opaque, dict(format="JPEG", quality=90, subsampling=2)),
    ("jpeg-progressive-420.jpg", opaque, dict(format="JPEG", quality=90, subsampling=2, progressive=True)),
    ("webp-lossy.webp", opaque, dict(format="WEBP", quality=80)),
    ("webp-lossy-alpha.webp", translucent, dict(format="WEBP", quality=80)),
    ("webp-lossless.webp", translucent, dict(format="WEBP", lossless=True)),
]
for name, image, options in images:
    image.save(os.path.join(folder, name), **options)


def pillow_milliseconds(path):
    with open(path, "rb") as handle:
        data = handle.read()
    times = []
    for _ in range(runs):
        start = time.thread_time()
        Image.open(io.BytesIO(data)).load()
        times.append(time.thread_time() - start)
    times.sort()
    return times[len(times) // 2] * 1000


def our_milliseconds(path):
    run = subprocess.run([cli, "bench", "--json", "--repeat", str(runs), path], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return json.loads(run.stdout)[0]["decodeMilliseconds"]


jpeg = features.version("libjpeg_turbo") and f"libjpeg-turbo {features.version('libjpeg_turbo')}"
print(f"Pillow {Image.__version__}, {jpeg or 'libjpeg ' + str(features.version('jpg'))}, "
      f"libwebp {features.version('webp')}; medians of {runs} runs")
rows = [("image", "pixels", "Pillow ms", "Pillow Mpx/s", "ours ms", "ours Mpx/s", "ratio")]
for name, image, _ in images:
    path = os.path.join(folder, name)
    megapixels = image.width * image.height / 1e6
    theirs, ours = pillow_milliseconds(path), our_milliseconds(path)
    row = [name, f"{image.width}x{image.height}", f"{theirs:.2f}", f"{megapixels / theirs * 1000:.1f}"]
    if ours is None:
        row += ["not decoded", "-", "-"]
    else:
        row += [f"{ours:.2f}", f"{megapixels / ours * 1000:.1f}", f"{theirs / ours:.2f}"]
    rows.append(row)
widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
for row in rows:
    print("  ".join(cell.ljust(widths[0]) if column == 0 else cell.rjust(widths[column])
                    for column, cell in enumerate(row)))
PYTHON
