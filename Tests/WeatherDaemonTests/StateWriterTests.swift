import Dispatch
import Foundation
import Logging
import StateStore
import Synchronization
import Testing
import WeatherCore

@testable import WeatherDaemon

/// The state file writer against real files: order, waiting writes, failures and recovery.
@Suite("StateWriter")
struct StateWriterTests {
    /// A snapshot whose `ticks` is `sequence`, so the file tells which one it holds.
    private static func snapshot(_ sequence: Int) -> StateSnapshot {
        var state = WeatherState(locations: [Location(name: "Berlin", latitude: 52.52, longitude: 13.41)])
        state.ticks = sequence
        return state.snapshot(
            now: Timestamp(secondsSinceEpoch: 1_763_784_000),
            pid: 1,
            version: "test",
            startedAt: Timestamp(secondsSinceEpoch: 1_763_784_000),
            interval: 10,
            timeout: 5,
            staleAfter: 1800,
            backoffUntil: nil
        )
    }

    private static func ticksOnDisk(_ file: StateFile) throws -> Int {
        try file.read().daemon.ticks
    }

    @Test func anOlderSnapshotNeverReplacesANewerOne() throws {
        let directory = TemporaryDirectory()
        let file = StateFile(path: directory.file("state.json"))
        let writer = StateWriter(file: file, logger: Logger(label: "test")) {}
        #expect(writer.currentWriteDuration == nil)
        writer.submit(Self.snapshot(2), sequence: 2)
        writer.submit(Self.snapshot(1), sequence: 1)
        #expect(try Self.ticksOnDisk(file) == 2)
        #expect(writer.currentWriteDuration == nil)
        #expect(writer.writeNow(Self.snapshot(1), sequence: 1))
        #expect(try Self.ticksOnDisk(file) == 2)
        #expect(writer.writeNow(Self.snapshot(3), sequence: 3))
        #expect(try Self.ticksOnDisk(file) == 3)
    }

    @Test func concurrentSubmitsEndWithTheNewestOnDisk() async throws {
        let directory = TemporaryDirectory()
        let file = StateFile(path: directory.file("state.json"))
        let writer = StateWriter(file: file, logger: Logger(label: "test")) {}
        let next = Mutex(0)
        // Numbers are taken in order, as the tick queue hands them out; submits race each other.
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            let sequence = next.withLock { value in
                value += 1
                return value
            }
            writer.submit(Self.snapshot(sequence), sequence: sequence)
        }
        writer.waitUntilIdle()
        #expect(try Self.ticksOnDisk(file) == 200)
        #expect(directory.contents().filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func aFailureIsLoggedOnceAndTheRecoveryOnce() throws {
        let directory = TemporaryDirectory()
        // The state file's directory is a regular file: every write fails with ENOTDIR.
        let blocker = directory.write("blocker", "")
        let file = StateFile(path: blocker + "/state.json")
        let records = LogRecorder()
        let recovered = Mutex(0)
        let writer = StateWriter(file: file, logger: records.logger()) { recovered.withLock { $0 += 1 } }
        #expect(!writer.writeNow(Self.snapshot(1), sequence: 1))
        writer.submit(Self.snapshot(2), sequence: 2)
        writer.submit(Self.snapshot(3), sequence: 3)
        #expect(records.entries(messageID: "\(MessageID.stateWrite)").count == 1)
        #expect(recovered.withLock { $0 } == 0)

        try FileManager.default.removeItem(atPath: blocker)
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        writer.submit(Self.snapshot(4), sequence: 4)
        writer.submit(Self.snapshot(5), sequence: 5)
        #expect(try Self.ticksOnDisk(file) == 5)
        let entries = records.entries(messageID: "\(MessageID.stateWrite)")
        #expect(entries.count == 2)
        #expect(entries.last?.message.hasPrefix("state file written again") == true)
        #expect(recovered.withLock { $0 } == 1)
    }
}
