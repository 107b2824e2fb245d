import FakeOpenMeteo
import Foundation
import Testing
import WeatherTestSupport

/// The notify protocol as `weatherd run` speaks it to a real AF_UNIX datagram socket set as
/// NOTIFY_SOCKET: READY=1 with a status, STATUS= per tick, WATCHDOG=1 at half of WATCHDOG_USEC,
/// the reload sequence (RELOADING=1 + MONOTONIC_USEC, then READY=1) and STOPPING=1.
@Suite("notify protocol, end to end")
struct NotifyEndToEndTests {
    /// Datagrams until `predicate` holds for the last one, at most `timeout` seconds.
    private func receive(from socket: NotifySocket, timeout: Double, until predicate: (String) -> Bool) -> [String] {
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, let message = socket.receive() {
            messages.append(message)
            if predicate(message) { break }
        }
        return messages
    }

    @Test func readyStatusWatchdogReloadStopping() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let twoPlaces = """
                locations:
                  - name: Alpha
                    latitude: 10
                    longitude: 10
                  - name: Beta
                    latitude: 20
                    longitude: 20
                """
            let config = try directory.write("config.yaml", twoPlaces)
            let socket = try NotifySocket(path: directory.path + "/notify.sock")
            let daemon = try Subprocess(
                [
                    "run", "--config", config, "--state-file", directory.path + "/state.json",
                    "--cache-file", directory.path + "/cache.json", "--interval", "200ms",
                    "--api-url", server.baseURL, "--alerts-url", server.baseURL, "--log-target", "stderr",
                ],
                environment: ["NOTIFY_SOCKET": socket.notifyAddress, "WATCHDOG_USEC": "600000"]
            )
            defer { daemon.kill() }

            // READY=1 first, with a status line; then STATUS= per tick and WATCHDOG=1 every ~300 ms.
            var messages = receive(from: socket, timeout: 5) { $0.hasPrefix("READY=1") }
            let ready = try #require(messages.last)
            #expect(ready.hasPrefix("READY=1\nSTATUS="))
            let start = Date()
            messages = receive(from: socket, timeout: 3) { _ in Date().timeIntervalSince(start) > 1.5 }
            let statuses = messages.filter { $0.hasPrefix("STATUS=") }
            let pings = messages.filter { $0 == "WATCHDOG=1" }
            #expect(statuses.count >= 5, "\(messages)")
            #expect(statuses.contains { $0.hasPrefix("STATUS=Alpha ") })
            #expect(statuses.contains { $0.hasPrefix("STATUS=Beta ") })
            #expect(statuses.allSatisfy { $0.hasSuffix("· 2 locations · 0 failing") })
            #expect((3...8).contains(pings.count), "pings at half of 600 ms over 1.5 s: \(pings.count)")

            // Reload: RELOADING=1 with a current CLOCK_MONOTONIC in microseconds, then READY=1.
            _ = try directory.write(
                "config.yaml",
                twoPlaces + "\n  - name: Gamma\n    latitude: 30\n    longitude: 30\n"
            )
            daemon.signal(SIGHUP)
            messages = receive(from: socket, timeout: 5) { $0.hasPrefix("READY=1") }
            let reloading = try #require(messages.first { $0.hasPrefix("RELOADING=1") })
            let lines = reloading.split(separator: "\n")
            #expect(lines.count == 2)
            let microseconds = try #require(lines.last.flatMap { UInt64($0.dropFirst("MONOTONIC_USEC=".count)) })
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            #expect(microseconds <= nowMicroseconds && nowMicroseconds - microseconds < 5_000_000)
            #expect(messages.last?.hasPrefix("READY=1") == true)
            messages = receive(from: socket, timeout: 3) { $0.hasSuffix("· 3 locations · 0 failing") }
            #expect(messages.last?.hasSuffix("· 3 locations · 0 failing") == true, "\(messages)")

            // Stop: STOPPING=1, exit 0.
            daemon.signal(SIGTERM)
            messages = receive(from: socket, timeout: 3) { $0 == "STOPPING=1" }
            #expect(messages.last == "STOPPING=1")
            #expect(await daemon.wait(timeout: 2) == 0)
        }
    }
}
