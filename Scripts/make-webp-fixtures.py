#!/usr/bin/env python3
"""Writes the WebP test fixtures of Tests/LottiePlayTests/Image/WebP/Fixtures.

Each NAME.webp is a small image encoded by Pillow's libwebp; next to it NAME.rgba holds the
pixels libwebp decodes it to (the first frame for animations): width and height as two
little-endian 32-bit integers, then width x height x 4 bytes of straight RGBA, rows from the top.

    Scripts/make-webp-fixtures.py   (needs Pillow built with libwebp)

The images are made from fixed seeds, so running it again writes the same files as long as
libwebp encodes the same way.
"""
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


def write(name, image, **options):
    path = os.path.join(OUT, name + ".webp")
    image.save(path, "WEBP", **options)
    with Image.open(path) as decoded:
        decoded.seek(0)
        rgba = decoded.convert("RGBA")
        with open(os.path.join(OUT, name + ".rgba"), "wb") as handle:
            handle.write(struct.pack("<II", rgba.width, rgba.height))
            handle.write(rgba.tobytes())


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
    frames = [quadrants(16, 16), gradient(16, 16)]
    write("animated-lossless-16x16", frames[0], save_all=True, append_images=frames[1:], duration=100,
          lossless=True, loop=0)
    write("animated-lossy-16x16", frames[0], save_all=True, append_images=frames[1:], duration=100,
          quality=90, loop=0)


if __name__ == "__main__":
    sys.exit(main())
