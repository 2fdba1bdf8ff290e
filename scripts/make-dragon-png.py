#!/usr/bin/env python3
"""Draws examples/variants/dragon.png, the image picture of the example variant
own-pictures.toml: a dragon's head and wings, opaque on a transparent ground, with dark
(inner line) eye and mouth. Only the standard library: run it to remake the file."""
import math, os, struct, zlib

W = H = 96

def inside(x, y):
    """Whether the point (0..1, y up) is part of the dragon."""
    head = ((x - 0.5) / 0.22) ** 2 + ((y - 0.55) / 0.2) ** 2 <= 1
    snout = 0.5 <= x <= 0.88 and 0.42 <= y <= 0.56 - (x - 0.5) * 0.1
    neck = 0.36 <= x <= 0.6 and 0.12 <= y <= 0.5
    base = 0.2 <= x <= 0.8 and 0.06 <= y <= 0.16
    # Wings: triangles rising left and right of the neck.
    left = 0.08 <= x <= 0.36 and 0.3 <= y <= 0.3 + (0.36 - x) * 2.0
    right = 0.64 <= x <= 0.92 and 0.3 <= y <= 0.3 + (x - 0.64) * 2.0 and y <= 0.95
    horn = 0.34 <= x <= 0.42 and 0.7 <= y <= 0.7 + (0.42 - x) * 3.0
    return head or snout or neck or base or left or right or horn

def dark(x, y):
    eye = (x - 0.58) ** 2 + (y - 0.62) ** 2 <= 0.035 ** 2
    mouth = 0.6 <= x <= 0.86 and abs(y - 0.47) <= 0.012
    return eye or mouth

rows = []
for py in range(H):
    row = bytearray([0])
    for px in range(W):
        x, y = (px + 0.5) / W, 1 - (py + 0.5) / H
        if inside(x, y):
            row += bytes([20, 20, 20, 255]) if dark(x, y) else bytes([200, 60, 40, 255])
        else:
            row += bytes([0, 0, 0, 0])
    rows.append(bytes(row))

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n"
png += chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
png += chunk(b"IEND", b"")
out = os.path.join(os.path.dirname(__file__), "..", "examples", "variants", "dragon.png")
with open(out, "wb") as f:
    f.write(png)
print("wrote", os.path.normpath(out))
