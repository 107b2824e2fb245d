#!/usr/bin/env python3
"""Finds what was drawn below the bar: drawn-box.py FILE.ppm TOP

Prints, as JSON, the bounding box of the pixels at row TOP and below that differ from the screen's
background (the colour of the bottom-right pixel) — {"x": 301, "y": 32, "width": 410, "height": 236} —
or null when there are none. With the bar at the top of an otherwise empty screen, that is a popup of
the bar's: its tooltip. The file is grim's binary PPM (P6)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
bar_colours = __import__("bar-colours")  # its PPM reader


def main():
    path, top = sys.argv[1], int(sys.argv[2])
    width, height, pixels = bar_colours.read_ppm(path)
    background = pixels[(height * width - 1) * 3 : height * width * 3]
    rows = []
    columns = []
    for y in range(top, height):
        line = pixels[y * width * 3 : (y + 1) * width * 3]
        if line == background * width:
            continue
        xs = [x for x in range(width) if line[x * 3 : x * 3 + 3] != background]
        if xs:
            rows.append(y)
            columns += (xs[0], xs[-1])
    if not rows:
        print("null")
        return
    x0, x1 = min(columns), max(columns)
    json.dump({"x": x0, "y": rows[0], "width": x1 - x0 + 1, "height": rows[-1] - rows[0] + 1}, sys.stdout)
    print()


main()
