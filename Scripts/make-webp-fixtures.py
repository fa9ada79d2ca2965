#!/usr/bin/env python3
"""Writes the WebP test fixtures of Tests/LottiePlayTests/Image/WebP/Fixtures.

Each NAME.webp is a small image encoded by Pillow's libwebp; next to it NAME.rgba holds the
pixels libwebp decodes it to (the first frame for animations): width and height as two
little-endian 32-bit integers, then width x height x 4 bytes of straight RGBA, rows from the top.

    Scripts/make-webp-fixtures.py   (needs Pillow built with libwebp)

The lossy (VP8) fixtures that need encoder options Pillow does not pass on (the simple loop
filter, sharpness, filter strength, segments, token partitions, raw or filtered alpha) are encoded
by calling the libwebp that Pillow's wheel bundles (or, failing that, the system's) through ctypes
with a WebPConfig; their .rgba is still Pillow's decoding.

The images are made from fixed seeds, so running it again writes the same files as long as
libwebp encodes the same way.
"""
import ctypes
import ctypes.util
import glob
import os
import random
import struct
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "LottiePlayTests", "Image", "WebP", "Fixtures")


def solid(w, h):
    return Image.new("RGBA", (w, h), (200, 30, 90, 255))


def quadrants(w, h):
    image = Image.new("RGBA", (w, h))
    colours = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 0, 255)]
    for y in range(h):
        for x in range(w):
            image.putpixel((x, y), colours[(x >= w // 2) + 2 * (y >= h // 2)])
    return image


def gradient(w, h):
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            image.putpixel((x, y), (x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), (x + y) * 7 % 256, 255))
    return image


def few_colours(w, h, count):
    rng = random.Random(count)
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256), 255) for _ in range(count)]
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            image.putpixel((x, y), palette[(x // 3 + y // 2 + (x * y) % 3) % count])
    return image


def noisy(w, h, seed, alpha=False):
    rng = random.Random(seed)
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            base = (x * 9 + y * 5) % 256
            a = (x * 255 // max(1, w - 1)) if alpha else 255
            image.putpixel((x, y), ((base + rng.randrange(24)) % 256, (base * 2 + rng.randrange(24)) % 256,
                                   (255 - base + rng.randrange(24)) % 256, a))
    return image


def alpha_shapes(w, h):
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    for y in range(h):
        for x in range(w):
            d = (x - w / 2) ** 2 + (y - h / 2) ** 2
            if d < (w / 3) ** 2:
                image.putpixel((x, y), (30, 160, 220, min(255, int(255 - d * 2))))
            elif x < 3:
                image.putpixel((x, y), (250, 250, 250, 128))
    return image


def repeated(w, h):
    # Rows repeating with a period, so that LZ77 back references are used.
    row = [((x * 37) % 256, (x * 91) % 256, (x * 13) % 256, 255) for x in range(w)]
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            image.putpixel((x, y), row[(x + (y % 3)) % w])
    return image


def regions(w, h):
    # Very different statistics per region, so that the encoder uses several prefix code groups
    # chosen by an entropy image.
    rng = random.Random(7)
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            if x < w // 2 and y < h // 2:
                pixel = (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255)
            elif y < h // 2:
                pixel = (x * 4 % 256, 0, 255 - x * 2 % 256, 255)
            elif x < w // 2:
                pixel = (0, rng.randrange(4) * 60, 0, rng.randrange(2) * 255)
            else:
                pixel = (rng.randrange(16) + 100, rng.randrange(16) + 100, 200, 255)
            image.putpixel((x, y), pixel)
    return image


def photo(w, h, seed):
    # A smooth gradient with noise, like a photograph: the lossy encoder then uses several
    # segments, 4x4 and 16x16 prediction and many token values.
    rng = random.Random(seed)
    image = Image.new("RGB", (w, h))
    for y in range(h):
        for x in range(w):
            base = (x * 200 // max(1, w - 1) + y * 55 // max(1, h - 1))
            noise = rng.randrange(-12, 13)
            image.putpixel((x, y), (min(255, max(0, base + noise)), min(255, max(0, 255 - base + noise)),
                                    min(255, max(0, (x * y) % 256 // 2 + 64 + noise))))
    return image


def flat_with_patch(w, h):
    # One colour with a small noisy patch: the encoder marks the flat macroblocks as skipped.
    rng = random.Random(11)
    image = Image.new("RGB", (w, h), (40, 120, 200))
    for y in range(4, 14):
        for x in range(20, 30):
            image.putpixel((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return image


def alpha_pattern(w, h, kind):
    # One colour with random alpha per row ("rows": constant along each row), per column, or the
    # sum of both, so that the alpha encoder's best filter differs.
    rng = random.Random(kind)
    by_row = [rng.randrange(256) for _ in range(h)]
    by_column = [rng.randrange(256) for _ in range(w)]
    image = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            if kind == "rows":
                a = by_row[y]
            elif kind == "columns":
                a = by_column[x]
            else:
                a = (by_row[y] + by_column[x]) // 2
            image.putpixel((x, y), (90, 140, 200, a))
    return image


def write(name, image, **options):
    path = os.path.join(OUT, name + ".webp")
    image.save(path, "WEBP", **options)
    write_reference(name)


def write_reference(name):
    path = os.path.join(OUT, name + ".webp")
    with Image.open(path) as decoded:
        decoded.seek(0)
        rgba = decoded.convert("RGBA")
        with open(os.path.join(OUT, name + ".rgba"), "wb") as handle:
            handle.write(struct.pack("<II", rgba.width, rgba.height))
            handle.write(rgba.tobytes())


# -- libwebp through ctypes, for the options Pillow does not pass on (src/webp/encode.h) --------

class WebPConfig(ctypes.Structure):
    _fields_ = [(name, ctypes.c_float if name in ("quality", "target_PSNR") else ctypes.c_int) for name in (
        "lossless", "quality", "method", "image_hint", "target_size", "target_PSNR", "segments", "sns_strength",
        "filter_strength", "filter_sharpness", "filter_type", "autofilter", "alpha_compression", "alpha_filtering",
        "alpha_quality", "pass", "show_compressed", "preprocessing", "partitions", "partition_limit",
        "emulate_jpeg_size", "thread_level", "low_memory", "near_lossless", "exact")] + [
        ("spare", ctypes.c_uint32 * 32)]  # later fields (use_sharp_yuv, qmin, qmax...) keep their defaults


class WebPPicture(ctypes.Structure):
    _fields_ = [("use_argb", ctypes.c_int), ("colorspace", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("y", ctypes.c_void_p), ("u", ctypes.c_void_p), ("v", ctypes.c_void_p),
                ("y_stride", ctypes.c_int), ("uv_stride", ctypes.c_int), ("a", ctypes.c_void_p),
                ("a_stride", ctypes.c_int), ("pad1", ctypes.c_uint32 * 2), ("argb", ctypes.c_void_p),
                ("argb_stride", ctypes.c_int), ("pad2", ctypes.c_uint32 * 3), ("writer", ctypes.c_void_p),
                ("custom_ptr", ctypes.c_void_p), ("extra_info_type", ctypes.c_int), ("extra_info", ctypes.c_void_p),
                ("stats", ctypes.c_void_p), ("error_code", ctypes.c_int), ("progress_hook", ctypes.c_void_p),
                ("user_data", ctypes.c_void_p), ("pad3", ctypes.c_uint32 * 3), ("pad4", ctypes.c_void_p),
                ("pad5", ctypes.c_void_p), ("pad6", ctypes.c_uint32 * 8), ("memory_", ctypes.c_void_p),
                ("memory_argb_", ctypes.c_void_p), ("pad7", ctypes.c_void_p * 2), ("spare", ctypes.c_uint8 * 256)]


class WebPMemoryWriter(ctypes.Structure):
    _fields_ = [("mem", ctypes.c_void_p), ("size", ctypes.c_size_t), ("max_size", ctypes.c_size_t),
                ("spare", ctypes.c_uint32 * 8)]


def libwebp():
    """The libwebp bundled with Pillow (the same that decodes the references), else the system's."""
    import PIL
    folder = os.path.dirname(PIL.__file__)
    paths = sorted(glob.glob(os.path.join(folder, "..", "pillow.libs", "libwebp-*.so*"))
                   + glob.glob(os.path.join(folder, ".dylibs", "libwebp.*dylib")))
    if not paths:
        found = ctypes.util.find_library("webp")
        paths = [found] if found else []
    if not paths:
        sys.exit("libwebp not found (neither in Pillow's wheel nor on the system)")
    return ctypes.CDLL(paths[0])


LIBWEBP = None
ABI = 0x0200  # only the major byte is checked


def write_advanced(name, image, quality, **fields):
    """Encodes `image` with WebPConfig `fields` set after the default preset at `quality`."""
    global LIBWEBP
    if LIBWEBP is None:
        LIBWEBP = libwebp()
    lib = LIBWEBP
    config = WebPConfig()
    if not lib.WebPConfigInitInternal(ctypes.byref(config), 0, ctypes.c_float(quality), ABI):
        sys.exit("WebPConfigInit failed")
    for key, value in fields.items():
        setattr(config, key, value)
    if not lib.WebPValidateConfig(ctypes.byref(config)):
        sys.exit("invalid WebPConfig for %s: %s" % (name, fields))
    picture = WebPPicture()
    if not lib.WebPPictureInitInternal(ctypes.byref(picture), ABI):
        sys.exit("WebPPictureInit failed")
    picture.width, picture.height = image.size
    if image.mode == "RGBA":
        ok = lib.WebPPictureImportRGBA(ctypes.byref(picture), image.tobytes(), image.width * 4)
    else:
        ok = lib.WebPPictureImportRGB(ctypes.byref(picture), image.convert("RGB").tobytes(), image.width * 3)
    if not ok:
        sys.exit("WebPPictureImport failed")
    writer = WebPMemoryWriter()
    lib.WebPMemoryWriterInit(ctypes.byref(writer))
    picture.writer = ctypes.cast(lib.WebPMemoryWrite, ctypes.c_void_p).value
    picture.custom_ptr = ctypes.addressof(writer)
    if not lib.WebPEncode(ctypes.byref(config), ctypes.byref(picture)):
        sys.exit("WebPEncode failed for %s (error %d)" % (name, picture.error_code))
    data = ctypes.string_at(writer.mem, writer.size)
    lib.WebPMemoryWriterClear(ctypes.byref(writer))
    lib.WebPPictureFree(ctypes.byref(picture))
    with open(os.path.join(OUT, name + ".webp"), "wb") as handle:
        handle.write(data)
    write_reference(name)


def main():
    os.makedirs(OUT, exist_ok=True)
    lossless = [
        ("solid-16x16", solid(16, 16)),
        ("quadrants-16x16", quadrants(16, 16)),
        ("gradient-20x12", gradient(20, 12)),
        ("palette2-20x12", few_colours(20, 12, 2)),
        ("palette4-17x9", few_colours(17, 9, 4)),
        ("palette11-20x12", few_colours(20, 12, 11)),
        ("palette40-24x16", few_colours(24, 16, 40)),
        ("noisy-32x24", noisy(32, 24, 1)),
        ("noisy-alpha-24x20", noisy(24, 20, 2, alpha=True)),
        ("alpha-shapes-20x20", alpha_shapes(20, 20)),
        ("repeated-40x12", repeated(40, 12)),
        ("noisy-1x1", noisy(1, 1, 3)),
        ("noisy-67x5", noisy(67, 5, 4)),
        ("regions-96x64", regions(96, 64)),
    ]
    for name, image in lossless:
        for method, quality in [(0, 0), (4, 75), (6, 100)]:
            write("lossless-%s-m%d-q%d" % (name, method, quality), image, lossless=True, method=method, quality=quality)
    # exact=True keeps the colour of transparent pixels as they are.
    write("lossless-alpha-shapes-20x20-exact", alpha_shapes(20, 20), lossless=True, exact=True, method=4)
    for name, image in [("gradient-20x12", gradient(20, 12)), ("noisy-32x24", noisy(32, 24, 1)),
                        ("quadrants-16x16", quadrants(16, 16))]:
        write("lossy-%s" % name, image.convert("RGB"), quality=90)
    write("lossy-alpha-shapes-20x20", alpha_shapes(20, 20), quality=90)
    write("lossy-noisy-alpha-24x20", noisy(24, 20, 2, alpha=True), quality=90)
    # Lossy: quality 10 to 100 and the fastest and slowest methods, on odd sizes too.
    for name, image in [("solid-1x1", solid(1, 1)), ("quadrants-17x9", quadrants(17, 9)),
                        ("gradient-20x12", gradient(20, 12)), ("noisy-33x47", noisy(33, 47, 5))]:
        for quality in [10, 50, 90, 100]:
            for method in [0, 6]:
                write("lossy-%s-q%d-m%d" % (name, quality, method), image.convert("RGB"),
                      quality=quality, method=method)
    write("lossy-photo-100x75-q80-m4", photo(100, 75, 6), quality=80, method=4)
    write("lossy-flat-48x32-q90-m0", flat_with_patch(48, 32), quality=90, method=0)  # method 0 codes skips
    # Lossy with encoder options: loop filter types, strength and sharpness, segments, partitions.
    noisy33 = noisy(33, 47, 5).convert("RGB")
    tall = photo(8, 136, 7)  # 9 macroblock rows: every one of 8 partitions is used
    write_advanced("lossy-noisy-33x47-simple-filter", noisy33, 60, filter_type=0, filter_strength=60)
    write_advanced("lossy-noisy-33x47-simple-sharp5", noisy33, 40, filter_type=0, filter_strength=80,
                   filter_sharpness=5)
    write_advanced("lossy-noisy-33x47-strong-sharp3", noisy33, 40, filter_type=1, filter_strength=90,
                   filter_sharpness=3)
    write_advanced("lossy-noisy-33x47-strong-sharp7", noisy33, 20, filter_type=1, filter_strength=100,
                   filter_sharpness=7)
    write_advanced("lossy-noisy-33x47-no-filter", noisy33, 60, filter_strength=0, autofilter=0)
    write_advanced("lossy-noisy-33x47-one-segment", noisy33, 60, segments=1)
    # Methods 3 and up code the tokens through a buffer that libwebp writes as one partition.
    write_advanced("lossy-photo-8x136-partitions2", tall, 70, partitions=1, method=2)
    write_advanced("lossy-photo-8x136-partitions8", tall, 70, partitions=3, method=2, sns_strength=100)
    # Alpha: VP8L-compressed at several qualities (below 100 the levels are reduced), raw, and
    # each prediction filter.
    shapes = alpha_shapes(20, 20)
    for alpha_quality, method in [(100, 0), (100, 6), (50, 4), (10, 4)]:
        write("lossy-alpha-shapes-20x20-aq%d-m%d" % (alpha_quality, method), shapes, quality=75,
              alpha_quality=alpha_quality, method=method)
    # libwebp never filters raw alpha.
    write_advanced("lossy-alpha-shapes-20x20-raw", shapes, 75, alpha_compression=0)
    # Alpha constant along rows, along columns, or a sum of both: libwebp then picks the
    # horizontal, vertical and gradient filters (alpha_filtering 2 keeps the smallest output, 1
    # estimates; the sizes and settings are the ones found to pick each filter).
    write_advanced("lossy-alpha-rows-18x14", alpha_pattern(18, 14, "rows"), 75, alpha_filtering=2)
    write_advanced("lossy-alpha-columns-20x20", alpha_pattern(20, 20, "columns"), 75, alpha_filtering=1)
    write_advanced("lossy-alpha-sum-18x14", alpha_pattern(18, 14, "sum"), 75, alpha_filtering=2)
    frames = [quadrants(16, 16), gradient(16, 16)]
    write("animated-lossless-16x16", frames[0], save_all=True, append_images=frames[1:], duration=100,
          lossless=True, loop=0)
    write("animated-lossy-16x16", frames[0], save_all=True, append_images=frames[1:], duration=100,
          quality=90, loop=0)


if __name__ == "__main__":
    sys.exit(main())
