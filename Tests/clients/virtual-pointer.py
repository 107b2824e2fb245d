#!/usr/bin/env python3
"""Points at a spot of a wlroots compositor: virtual-pointer.py X Y WIDTH HEIGHT SECONDS

Connects to $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY, creates a pointer with the wlr-virtual-pointer-unstable-v1
protocol (a headless sway has no pointer of its own, so no client would get pointer events), moves it to
(X, Y) of a WIDTH × HEIGHT layout, nudges it by a pixel a few times (GTK starts a tooltip's delay on
motion), then keeps the connection — and so the pointer — for SECONDS before it closes it. Prints
`pointing` once the compositor has processed the motion; exits 1 when the compositor lacks the protocol.
Speaks the Wayland wire format itself (no library needed): little-endian words, one message per request."""
import os
import socket
import struct
import sys
import time

DISPLAY = 1  # wl_display's object id


class Connection:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.next_id = 2
        self.buffer = b""

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, object_id, opcode, payload=b""):
        size = 8 + len(payload)
        self.socket.sendall(struct.pack("<II", object_id, (size << 16) | opcode) + payload)

    def events(self):
        """Reads the events at hand: (object id, opcode, payload)."""
        while True:
            while len(self.buffer) < 8 or len(self.buffer) < (struct.unpack_from("<I", self.buffer, 4)[0] >> 16):
                chunk = self.socket.recv(65536)
                if not chunk:
                    raise SystemExit("virtual-pointer: the compositor closed the connection")
                self.buffer += chunk
            object_id, word = struct.unpack_from("<II", self.buffer)
            size = word >> 16
            payload, self.buffer = self.buffer[8:size], self.buffer[size:]
            yield object_id, word & 0xFFFF, payload

    def roundtrip(self, handle=lambda *event: None):
        """wl_display.sync; hands every event before its callback's `done` to `handle`."""
        callback = self.new_id()
        self.send(DISPLAY, 0, struct.pack("<I", callback))
        for object_id, opcode, payload in self.events():
            if object_id == callback and opcode == 0:
                return
            if object_id == DISPLAY and opcode == 0:
                _, code, length = struct.unpack_from("<III", payload)
                message = payload[12 : 12 + length - 1].decode(errors="replace")
                raise SystemExit(f"virtual-pointer: protocol error {code}: {message}")
            handle(object_id, opcode, payload)


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def main():
    x, y, width, height = (int(value) for value in sys.argv[1:5])
    seconds = float(sys.argv[5])
    path = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"])
    connection = Connection(path)
    registry = connection.new_id()
    connection.send(DISPLAY, 1, struct.pack("<I", registry))
    manager_name = None

    def on_global(object_id, opcode, payload):
        nonlocal manager_name
        if object_id == registry and opcode == 0:
            name, length = struct.unpack_from("<II", payload)
            if payload[8 : 8 + length - 1] == b"zwlr_virtual_pointer_manager_v1":
                manager_name = name

    connection.roundtrip(on_global)
    if manager_name is None:
        raise SystemExit("virtual-pointer: the compositor has no zwlr_virtual_pointer_manager_v1")
    manager = connection.new_id()
    connection.send(
        registry, 0, struct.pack("<I", manager_name) + string("zwlr_virtual_pointer_manager_v1") + struct.pack("<II", 1, manager)
    )
    pointer = connection.new_id()
    connection.send(manager, 0, struct.pack("<II", 0, pointer))  # create_virtual_pointer(seat: default)
    connection.roundtrip()
    # Let the clients bind the seat's new pointer before it moves.
    time.sleep(0.3)
    start = time.monotonic()
    for step in range(4):
        milliseconds = int((time.monotonic() - start) * 1000) & 0xFFFFFFFF
        connection.send(pointer, 1, struct.pack("<IIIII", milliseconds, x + step % 2, y, width, height))  # motion_absolute
        connection.send(pointer, 4)  # frame
        connection.roundtrip()
        time.sleep(0.1)
    print("pointing", flush=True)
    time.sleep(seconds)
    connection.send(pointer, 8)  # destroy
    connection.roundtrip()


main()
