import Dispatch
import Foundation
import Logging
import StateStore
import Synchronization
import Testing
import WeatherCore

@testable import WeatherDaemon

/// The cache writer and the state file's output against real files: newest wins, failures and recovery.
@Suite("CacheWriter")
struct CacheWriterTests {
    /// A snapshot whose `ticks` is `sequence`, so the file tells which one it holds.
    private static func snapshot(_ sequence: Int) -> StateSnapshot {
        let time = Timestamp(secondsSinceEpoch: 1_763_784_000)
        return StateSnapshot(
            generatedAt: time,
            daemon: DaemonInfo(
                pid: 1,
                version: "test",
                startedAt: time,
                intervalSeconds: 10,
                timeoutSeconds: 5,
                staleAfterSeconds: 1800,
                ticks: sequence
            ),
            currentLocation: nil,
            rotationIndex: nil,
            locations: [
                LocationState(location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41), status: .pending)
            ]
        )
    }

    private static func ticksOnDisk(_ file: StateFile) throws -> Int {
        try file.read().daemon.ticks
    }

    @Test func theNewestSubmittedSnapshotEndsOnDiskAndNoOlderOneAfterIt() async throws {
        let directory = TemporaryDirectory()
        let file = StateFile(path: directory.file("cache.json"))
        let writer = CacheWriter(file: file, logger: Logger(label: "test"))
        let consumer = Task(executorPreference: writer.executor) { await writer.run() }
        // A reader that watches the file while 200 snapshots go in: the number on disk only grows.
        let seen = Mutex<[Int]>([])
        let watching = Mutex(true)
        let watcher = Thread {
            while watching.withLock({ $0 }) {
                if let ticks = try? Self.ticksOnDisk(file) { seen.withLock { $0.append(ticks) } }
            }
        }
        watcher.start()
        for sequence in 1...200 { writer.submit(Self.snapshot(sequence)) }
        await writer.idle()
        watching.withLock { $0 = false }
        #expect(try Self.ticksOnDisk(file) == 200)
        let numbers = seen.withLock { $0 }
        #expect(numbers == numbers.sorted())
        #expect(directory.contents().filter { $0.contains(".tmp-") }.isEmpty)
        writer.finish()
        await consumer.value
    }

    @Test func aFailureIsLoggedOnceAndTheRecoveryOnce() async throws {
        let directory = TemporaryDirectory()
        // The state file's directory is a regular file: every write fails with ENOTDIR.
        let blocker = directory.write("blocker", "")
        let file = StateFile(path: blocker + "/cache.json")
        let records = LogRecorder()
        let writer = CacheWriter(file: file, logger: records.logger())
        #expect(!writer.write(Self.snapshot(1)))
        let consumer = Task(executorPreference: writer.executor) { await writer.run() }
        writer.submit(Self.snapshot(2))
        await writer.idle()
        writer.submit(Self.snapshot(3))
        await writer.idle()
        #expect(records.entries(messageID: "\(MessageID.stateWrite)").count == 1)

        try FileManager.default.removeItem(atPath: blocker)
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        writer.submit(Self.snapshot(4))
        await writer.idle()
        writer.submit(Self.snapshot(5))
        await writer.idle()
        #expect(try Self.ticksOnDisk(file) == 5)
        let entries = records.entries(messageID: "\(MessageID.stateWrite)")
        #expect(entries.count == 2)
        #expect(entries.last?.message.hasPrefix("cache written again") == true)
        writer.finish()
        await consumer.value
    }

    @Test func theStateFilesFailureIsLoggedOnceAndTheRecoveryOnce() throws {
        let directory = TemporaryDirectory()
        let blocker = directory.write("blocker", "")
        let file = StateFile(path: blocker + "/state.json")
        let records = LogRecorder()
        var output = StateOutput(file: file, textfile: nil, logger: records.logger())
        let failed = [output.write(Self.snapshot(1)), output.write(Self.snapshot(2))]
        #expect(failed == [false, false])
        #expect(records.entries(messageID: "\(MessageID.stateWrite)").count == 1)
        try FileManager.default.removeItem(atPath: blocker)
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        let written = [output.write(Self.snapshot(3)), output.write(Self.snapshot(4))]
        #expect(written == [true, true])
        #expect(try Self.ticksOnDisk(file) == 4)
        let entries = records.entries(messageID: "\(MessageID.stateWrite)")
        #expect(entries.count == 2)
        #expect(entries.last?.message.hasPrefix("state file written again") == true)
        #expect(directory.contents().filter { $0.contains(".tmp-") }.isEmpty)
    }
}
