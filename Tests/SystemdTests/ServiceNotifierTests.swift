import Systemd
import Testing
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

extension ProcessGlobalStateTests {
    /// The notify protocol against a real datagram socket, as systemd would receive it.
    @Suite("ServiceNotifier")
    struct ServiceNotifierTests {
        private static func temporarySocketPath() -> String {
            "/tmp/weatherd-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        }

        private static func monotonicMicroseconds() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        }

        private func exercise(_ socket: NotifySocket) throws {
            try withEnvironment(["NOTIFY_SOCKET": socket.notifyAddress]) {
                let notifier = ServiceNotifier()
                #expect(notifier.isEnabled)

                notifier.ready(status: "Berlin 2.0 °C Slight rain · 4 locations · 0 failing")
                #expect(socket.receive() == "READY=1\nSTATUS=Berlin 2.0 °C Slight rain · 4 locations · 0 failing")

                notifier.ready(status: nil)
                #expect(socket.receive() == "READY=1")

                notifier.status("London (no data yet) · 4 locations · 1 failing")
                #expect(socket.receive() == "STATUS=London (no data yet) · 4 locations · 1 failing")

                notifier.watchdog()
                #expect(socket.receive() == "WATCHDOG=1")

                notifier.stopping()
                #expect(socket.receive() == "STOPPING=1")

                let before = Self.monotonicMicroseconds()
                notifier.reloading()
                let after = Self.monotonicMicroseconds()
                let reloading = try #require(socket.receive())
                let lines = reloading.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count == 2)
                #expect(lines.first == "RELOADING=1")
                let prefix = "MONOTONIC_USEC="
                let last = try #require(lines.last)
                #expect(last.hasPrefix(prefix))
                let digits = last.dropFirst(prefix.count)
                #expect(!digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber))
                let value = try #require(UInt64(digits))
                #expect(value >= before && value <= after)

                #expect(notifier.notify("EXTEND_TIMEOUT_USEC=5000000"))
                #expect(socket.receive() == "EXTEND_TIMEOUT_USEC=5000000")
                #expect(!socket.hasPendingDatagram)
            }
        }

        @Test func pathSocket() throws {
            let socket = try NotifySocket(path: Self.temporarySocketPath())
            try exercise(socket)
        }

        @Test func abstractSocket() throws {
            let socket = try NotifySocket(
                abstractName: "weatherd-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            )
            #expect(socket.notifyAddress.hasPrefix("@weatherd-test-"))
            try exercise(socket)
        }

        @Test func statusIsKeptOnOneLine() throws {
            let socket = try NotifySocket(path: Self.temporarySocketPath())
            withEnvironment(["NOTIFY_SOCKET": socket.notifyAddress]) {
                let notifier = ServiceNotifier()
                notifier.status("Evil\nWATCHDOG=1")
                #expect(socket.receive() == "STATUS=Evil WATCHDOG=1")
                notifier.ready(status: "Evil\rREADY=1")
                #expect(socket.receive() == "READY=1\nSTATUS=Evil READY=1")
            }
        }

        /// "\r\n" is one Swift `Character`, equal neither to "\n" nor to "\r": `oneLine` lets it through
        /// and systemd sees a second assignment.
        @Test func crlfInAStatusDoesNotForgeAnAssignment() throws {
            let socket = try NotifySocket(path: Self.temporarySocketPath())
            try withEnvironment(["NOTIFY_SOCKET": socket.notifyAddress]) {
                ServiceNotifier().status("Evil\r\nWATCHDOG=1")
                let payload = try #require(socket.receive())
                #expect(!payload.utf8.contains(UInt8(ascii: "\n")), "payload: \(payload.debugDescription)")

            }
        }

        @Test func withoutNotifySocketNothingIsSent() {
            withEnvironment(["NOTIFY_SOCKET": nil]) {
                let notifier = ServiceNotifier()
                #expect(!notifier.isEnabled)
                #expect(!notifier.notify("READY=1"))
                notifier.ready(status: "x")
                notifier.status("x")
                notifier.watchdog()
                notifier.stopping()
                notifier.reloading()
            }
        }

        @Test func missingSocketIsNotFatal() {
            withEnvironment(["NOTIFY_SOCKET": "/tmp/weatherd-no-such-socket-\(getpid())"]) {
                let notifier = ServiceNotifier()
                #expect(notifier.isEnabled)
                #expect(!notifier.notify("READY=1"))
                notifier.stopping()
            }
        }

        /// A `NOTIFY_SOCKET` that is neither a path nor an abstract name goes to libsystemd, which refuses a
        /// relative one: nothing is sent, and nothing fails.
        @Test func anAddressOfAnotherFormGoesToLibsystemd() {
            withEnvironment(["NOTIFY_SOCKET": "weatherd-relative-\(getpid())"]) {
                let notifier = ServiceNotifier()
                #expect(notifier.isEnabled)
                #expect(!notifier.notify("READY=1"))
            }
        }

        @Test func watchdogTimeout() {
            let pid = String(getpid())
            let before = getenv("WATCHDOG_USEC").map { String(cString: $0) }
            withEnvironment(["WATCHDOG_USEC": "4000000", "WATCHDOG_PID": pid]) {
                #expect(ServiceNotifier().watchdogTimeout == .seconds(4))
            }
            withEnvironment(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": nil]) {
                #expect(ServiceNotifier().watchdogTimeout == .seconds(30))
            }
            // Meant for another process.
            withEnvironment(["WATCHDOG_USEC": "4000000", "WATCHDOG_PID": String(getpid() + 1)]) {
                #expect(ServiceNotifier().watchdogTimeout == nil)
            }
            withEnvironment(["WATCHDOG_USEC": nil, "WATCHDOG_PID": nil]) {
                #expect(ServiceNotifier().watchdogTimeout == nil)
            }
            withEnvironment(["WATCHDOG_USEC": "0", "WATCHDOG_PID": pid]) {
                #expect(ServiceNotifier().watchdogTimeout == nil)
            }
            withEnvironment(["WATCHDOG_USEC": "garbage", "WATCHDOG_PID": pid]) {
                #expect(ServiceNotifier().watchdogTimeout == nil)
            }
            // The variables are left as they were.
            #expect(getenv("WATCHDOG_USEC").map { String(cString: $0) } == before)
        }
    }
}
