#!/usr/bin/env python3
"""Measures coloured runs in a screenshot: bar-colours.py FILE.ppm ROW RRGGBB...

For each colour, prints how many pixels of row ROW have exactly that colour and where the first one is,
as JSON: {"2e5c8a": {"width": 173, "first": 0}, ...} ("first" is null when there is none). The file is
grim's binary PPM (P6); Waybar paints a module's CSS background as a solid run across the bar's height,
so a run's width is the module's width."""
import json
import sys


def read_ppm(path):
    with open(path, "rb") as handle:
        data = handle.read()
    fields = []
    position = 0
    while len(fields) < 4:
        while data[position : position + 1].isspace():
            position += 1
        if data[position : position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise SystemExit(f"{path}: not an 8-bit binary PPM")
    return int(fields[1]), int(fields[2]), data[position + 1 :]


def main():
    path, row = sys.argv[1], int(sys.argv[2])
    width, height, pixels = read_ppm(path)
    if not 0 <= row < height:
        raise SystemExit(f"{path}: row {row} outside 0..{height - 1}")
    line = pixels[row * width * 3 : (row + 1) * width * 3]
    result = {}
    for colour in sys.argv[3:]:
        target = bytes.fromhex(colour)
        xs = [x for x in range(width) if line[x * 3 : x * 3 + 3] == target]
        result[colour] = {"width": len(xs), "first": xs[0] if xs else None}
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
