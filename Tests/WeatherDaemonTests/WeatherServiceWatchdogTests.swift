import Dispatch
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// WATCHDOG=1 while ticks keep coming, and a hung cache write that stalls neither the ticks nor the pings.
@Suite("WeatherService: watchdog")
struct WeatherServiceWatchdogTests {
    /// A started service with 10 s ticks and a 20 s WatchdogSec (so its allowance without a tick is
    /// 10 + 10 s), one tick done and one ping sent.
    private func startedWithWatchdog(threadPool: NIOThreadPool = .singleton) async -> ServiceHarness {
        let h = ServiceHarness(watchdog: .seconds(20), threadPool: threadPool)
        await h.start()
        await h.tick()
        #expect(h.watchdogTicks.startedIntervals == [.seconds(10)])
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 1)
        return h
    }

    /// WATCHDOG=1 goes out at each deadline (every half WatchdogSec) only while ticks keep coming: with no
    /// tick for interval + WatchdogSec/2 the pings stop (systemd then restarts the service). The deadline
    /// is an event of the loop, so a loop that is stuck sends none at all.
    @Test func watchdogPingsOnlyWhileTicksKeepComing() async throws {
        let h = await startedWithWatchdog()
        h.clock.advance(seconds: 15)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 2)

        // No tick for 25 s: no ping, and why.
        h.clock.advance(seconds: 10)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 2)
        let warning = try #require(h.log.entries.last)
        #expect(warning.level == .warning)
        #expect(warning.message == "no tick for 25 s; not pinging the watchdog")

        // Ticks again: pings again.
        await h.tick()
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 3)

        // Stopped: the deadlines' timer too, and a late deadline sends nothing.
        await h.stop()
        #expect(h.watchdogTicks.stopCount == 1)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 3)
    }

    /// A cache write that hangs (here: its temporary file is a FIFO nobody reads, so `open` blocks, as an
    /// fsync on a dying SD card would) stalls neither the ticks, nor the state file, nor the watchdog
    /// (docs/state-file.md): it is said once, and the cache is written when the disk comes back.
    @Test func aHungCacheWriteStallsNeitherTheTicksNorTheWatchdog() async throws {
        // A pool of its own: the blocked thread holds up no other test's writes.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let h = await startedWithWatchdog(threadPool: pool)
        let cache = try #require(h.cacheFile)
        let fifo = AtomicFile.temporaryPrefix(for: cache.path) + String(getpid())
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let callsBefore = h.provider.calls.count
        await h.tickWithoutWaiting()  // its fetch's cache write blocks in open()
        for _ in 0..<5 {
            await h.settleFetches()
            h.clock.advance(seconds: 10)
            await h.tickWithoutWaiting()
            await h.watchdogDeadline()
        }
        // Every tick fetched, the state file followed, and the pings went on.
        #expect(await h.provider.waitForCalls(callsBefore + 6))
        #expect(h.notifier.watchdogPings == 6)
        let slow = h.log.entries.filter { $0.level == .warning && $0.message.hasPrefix("the cache write has taken") }
        #expect(slow.map(\.message) == ["the cache write has taken 30 s so far; ticks and the state file go on"])

        // A reader lets the write go on (it then fails: a FIFO cannot be fsynced); the snapshot that waited
        // is written next.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        await h.settle()
        close(reader)
        #expect(try h.readState().daemon.ticks == 7)
        #expect(try cache.read().daemon.fetchesOK == (try h.readState().daemon.fetchesOK))
        await h.stop()
        #expect(await h.isFinished)
        try await pool.shutdownGracefully()
    }
}
