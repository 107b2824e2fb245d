import Foundation
import Logging
import StateStore
import Synchronization
import Testing
import WeatherCore

import WeatherTestSupport
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

    /// One write as the runner makes it: the snapshot submitted, written, the end handed back (nothing
    /// waits meanwhile); returns the write's error and the messages of the journal entries the writer asks
    /// for.
    private static func submitAndWrite(
        _ sequence: Int,
        with writer: inout CacheWriter,
        to file: StateFile
    ) throws -> (error: FileSystemError?, logged: [String]) {
        let taken = writer.submit(Self.snapshot(sequence), at: 0)
        let snapshot = try #require(taken)
        let text = StateEncoder.encodedText(snapshot)
        let error = CacheWriter.writeBlocking(text, to: file, logger: Logger(label: "test"))
        let entry = writer.finishWrite(error)
        #expect(writer.startWaitingWrite(at: 0) == nil)
        return (error, entry.map(Self.message) ?? [])
    }

    /// The message of a journal entry the writer asks for (with its `message_id`, the state write's).
    private static func message(_ effect: WeatherLoop.Effect) -> [String] {
        guard case .log(_, let message, let metadata) = effect else { return ["not a journal entry: \(effect)"] }
        #expect(metadata["message_id"] == "\(MessageID.stateWrite)")
        return [message]
    }

    private static func ticksOnDisk(_ file: StateFile) throws -> Int {
        try file.read().daemon.ticks
    }

    /// One write at a time; what is submitted meanwhile waits, newest only, and is written next.
    @Test func oneWriteAtATimeAndTheNewestWaitingSnapshotNext() {
        var writer = CacheWriter(file: StateFile(path: "/nonexistent/cache.json"))
        #expect(writer.isIdle)
        let first = writer.submit(Self.snapshot(1), at: 100)
        #expect(first?.daemon.ticks == 1)
        #expect(writer.writingSince == 100)
        for sequence in 2...200 {
            let taken = writer.submit(Self.snapshot(sequence), at: 101)
            #expect(taken == nil)
        }
        #expect(!writer.isIdle)
        #expect(writer.finishWrite(nil) == nil)
        let next = writer.startWaitingWrite(at: 102)
        #expect(next?.daemon.ticks == 200)
        #expect(writer.writingSince == 102)
        #expect(writer.finishWrite(nil) == nil)
        let none = writer.startWaitingWrite(at: 103)
        #expect(none == nil)
        #expect(writer.isIdle && writer.writingSince == nil)
    }

    /// The write itself, to a real file; a reader watching the file from another thread while 50 writes
    /// go in, one after the other as the loop has them, only sees the number grow.
    @Test func writesReplaceTheFileAtomically() throws {
        let directory = TemporaryDirectory()
        let file = StateFile(path: directory.file("cache.json"))
        let seen = Mutex<[Int]>([])
        let watching = Mutex(true)
        let watcher = Thread {
            while watching.withLock({ $0 }) {
                if let ticks = try? Self.ticksOnDisk(file) { seen.withLock { $0.append(ticks) } }
            }
        }
        watcher.start()
        for sequence in 1...50 {
            let error = CacheWriter.writeBlocking(
                StateEncoder.encodedText(Self.snapshot(sequence)),
                to: file,
                logger: Logger(label: "test")
            )
            #expect(error == nil)
        }
        watching.withLock { $0 = false }
        #expect(try Self.ticksOnDisk(file) == 50)
        let numbers = seen.withLock { $0 }
        #expect(numbers == numbers.sorted())
        #expect(directory.contents().filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func aFailureIsLoggedOnceAndTheRecoveryOnce() throws {
        let directory = TemporaryDirectory()
        // The state file's directory is a regular file: every write fails with ENOTDIR.
        let blocker = directory.write("blocker", "")
        let file = StateFile(path: blocker + "/cache.json")
        var writer = CacheWriter(file: file)
        // The write at start (an earlier state file taken over), then two through the queue.
        let atStart = CacheWriter.writeBlocking(
            StateEncoder.encodedText(Self.snapshot(1)),
            to: file,
            logger: Logger(label: "test")
        )
        #expect(atStart != nil)
        var logged = writer.record(atStart).map(Self.message) ?? []
        for sequence in 2...3 {
            let (error, entries) = try Self.submitAndWrite(sequence, with: &writer, to: file)
            #expect(error != nil)
            logged += entries
        }
        #expect(logged.count == 1)
        #expect(logged.first?.hasSuffix("the previous cache stays") == true)

        try FileManager.default.removeItem(atPath: blocker)
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        for sequence in 4...5 {
            let (error, entries) = try Self.submitAndWrite(sequence, with: &writer, to: file)
            #expect(error == nil)
            logged += entries
        }
        #expect(try Self.ticksOnDisk(file) == 5)
        #expect(logged.count == 2)
        #expect(logged.last?.hasPrefix("cache written again") == true)
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
