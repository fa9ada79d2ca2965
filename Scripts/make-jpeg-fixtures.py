#!/usr/bin/env python3
"""Writes the JPEG test fixtures and libjpeg's decoding of each.

    /path/to/python-with-Pillow Scripts/make-jpeg-fixtures.py [--bench FILE]

For every fixture NAME it writes, into Tests/LottiePlayTests/Image/JPEG/Fixtures/:

- NAME.jpg: a small image encoded by Pillow (libjpeg-turbo) at quality 95 to 100;
- NAME.rgb: the pixels Pillow decodes from NAME.jpg (converted to RGB; CMYK with Pillow's naive
  formula), as a text header line "WIDTH HEIGHT" followed by WIDTH*HEIGHT*3 raw bytes.

The images are solid quadrants of known colours (checked against the source colours by the tests),
a smooth gradient and a noisy one, in 4:4:4, 4:2:2 and 4:2:0 chroma subsampling, progressive, grayscale, CMYK
(Pillow writes Adobe inverted CMYK with an APP14 marker) and with restart markers. Pillow cannot
write true 4:1:1 (its "4:1:1" option gives 2x2 sampling), so that ratio is not among the fixtures.

With --bench FILE it also writes a 1024x1024 photo-like (gradient plus noise) 4:2:0 JPEG to FILE,
for timing; it is not committed.
"""
import io
import os
import random
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "LottiePlayTests", "Image", "JPEG", "Fixtures")

# Quadrant colours; each quadrant is 16x16 pixels, so block and MCU edges fall on colour edges.
COLOURS = [(220, 40, 40), (40, 180, 60), (30, 60, 200), (240, 220, 40)]


def quadrants(width=32, height=32):
    image = Image.new("RGB", (width, height))
    for y in range(height):
        for x in range(width):
            image.putpixel((x, y), COLOURS[(y >= height // 2) * 2 + (x >= width // 2)])
    return image


def gradient(width=24, height=16):
    image = Image.new("RGB", (width, height))
    for y in range(height):
        for x in range(width):
            image.putpixel((x, y), (x * 255 // (width - 1), y * 255 // (height - 1), 128))
    return image


def noisy(width, height, seed):
    """A gradient with strong noise: most coefficients of every block are non-zero."""
    generator = random.Random(seed)
    image = Image.new("RGB", (width, height))
    for y in range(height):
        for x in range(width):
            noise = generator.randint(-40, 40)
            image.putpixel((x, y), (max(0, min(255, x * 4 + noise)), max(0, min(255, y * 5 - noise)),
                                    max(0, min(255, 128 + noise))))
    return image


def write(name, image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **options)
    data = buffer.getvalue()
    with open(os.path.join(FIXTURES, name + ".jpg"), "wb") as handle:
        handle.write(data)
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    rgb = decoded.convert("RGB")
    with open(os.path.join(FIXTURES, name + ".rgb"), "wb") as handle:
        handle.write(b"%d %d\n" % rgb.size)
        handle.write(rgb.tobytes())


def bench(path):
    random.seed(1)
    size = 1024
    image = Image.new("RGB", (size, size))
    pixels = bytearray()
    for y in range(size):
        for x in range(size):
            noise = random.randint(-24, 24)
            pixels += bytes((max(0, min(255, x // 4 + noise)), max(0, min(255, y // 4 - noise)),
                             max(0, min(255, (x + y) // 8 + noise))))
    image = Image.frombytes("RGB", (size, size), bytes(pixels))
    image.save(path, "JPEG", quality=90, subsampling=2)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bench":
        bench(sys.argv[2])
        return
    os.makedirs(FIXTURES, exist_ok=True)
    write("quadrants-444", quadrants(), quality=100, subsampling=0)
    write("quadrants-422", quadrants(), quality=100, subsampling=1)
    write("quadrants-420", quadrants(), quality=100, subsampling=2)
    write("gradient-444", gradient(), quality=95, subsampling=0)
    write("gradient-422", gradient(), quality=95, subsampling=1)
    write("gradient-420", gradient(), quality=95, subsampling=2)
    # Odd sizes: partial blocks and MCUs at the right and bottom edges.
    write("gradient-420-odd", gradient(21, 13), quality=95, subsampling=2)
    write("progressive-444", gradient(), quality=95, subsampling=0, progressive=True)
    write("progressive-420", quadrants(40, 24), quality=95, subsampling=2, progressive=True)
    write("gray", gradient().convert("L"), quality=95)
    write("gray-progressive", gradient().convert("L"), quality=95, progressive=True)
    write("cmyk", quadrants().convert("CMYK"), quality=100)
    write("restart-420", gradient(40, 24), quality=95, subsampling=2, restart_marker_blocks=1)
    write("restart-progressive", gradient(40, 24), quality=95, subsampling=2, progressive=True,
          restart_marker_rows=1)
    # Noise at quality 90: large coefficients in every block, long codes, odd size.
    write("noisy-420", noisy(53, 35, 1), quality=90, subsampling=2)
    write("noisy-444-progressive", noisy(53, 35, 2), quality=90, subsampling=0, progressive=True)


if __name__ == "__main__":
    main()
