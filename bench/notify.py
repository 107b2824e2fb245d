"""bench/notify.py — the notify socket: an AF_UNIX datagram socket standing in for systemd's NOTIFY_SOCKET,
with the kernel's arrival stamp of READY=1."""

import os
import shutil
import socket
import struct
import tempfile
import threading
import time

from .common import BenchError


SO_TIMESTAMPNS = 35  # Linux, asm-generic/socket.h; SCM_TIMESTAMPNS has the same value


def arrival_monotonic_ns(ancillary):
    """The kernel's SCM_TIMESTAMPNS arrival stamp (CLOCK_REALTIME) of a datagram, on CLOCK_MONOTONIC;
    the time of reading when the stamp is missing."""
    now_mono = time.monotonic_ns()
    now_real = time.clock_gettime_ns(time.CLOCK_REALTIME)
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            seconds, nanoseconds = struct.unpack("qq", data[:16])
            return now_mono - (now_real - (seconds * 1_000_000_000 + nanoseconds))
    return now_mono


class NotifySocket:
    """An AF_UNIX datagram socket standing in for systemd's NOTIFY_SOCKET."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="wdb-")
        self.path = os.path.join(self.dir, "notify")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        self.sock.bind(self.path)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        # The kernel stamps each datagram as it is queued: READY's arrival does not depend on when
        # this process gets the CPU to read it (on 2 busy cores that can be milliseconds later).
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.thread = None
        self.running = False
        self.messages = 0
        self.last_status = None
        self.ready_count = 0

    def wait_ready(self, deadline_s, pid=None):
        """Blocks (in this thread) until a datagram with READY=1; returns its arrival (monotonic ns)."""
        end = time.monotonic() + deadline_s
        while True:
            remaining = end - time.monotonic()
            if remaining <= 0:
                raise BenchError("no READY=1 on the notify socket")
            self.sock.settimeout(min(remaining, 0.2))
            try:
                data, ancillary, _, _ = self.sock.recvmsg(65536, socket.CMSG_SPACE(16))
            except socket.timeout:
                if pid is not None:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                    if done:
                        raise BenchError("weatherd exited before READY=1")
                continue
            arrived = arrival_monotonic_ns(ancillary)
            self._note(data)
            if b"READY=1" in data.split(b"\n"):
                return arrived

    def _note(self, data):
        self.messages += 1
        for line in data.split(b"\n"):
            if line.startswith(b"STATUS="):
                self.last_status = line[7:].decode("utf-8", "replace")
            elif line == b"READY=1":
                self.ready_count += 1

    def start_draining(self):
        """Reads every later datagram (sd_notify blocks once the queue of 10 is full, as systemd never lets it)."""
        self.running = True
        self.sock.settimeout(0.2)

        def drain():
            while self.running:
                try:
                    self._note(self.sock.recv(65536))
                except socket.timeout:
                    continue
                except OSError:
                    return

        self.thread = threading.Thread(target=drain, daemon=True)
        self.thread.start()

    def close(self):
        self.running = False
        if self.thread:
            self.thread.join(timeout=1)
        self.sock.close()
        shutil.rmtree(self.dir, ignore_errors=True)
