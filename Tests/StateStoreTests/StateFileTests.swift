import Foundation
import StateStore
import Synchronization
import Testing
import WeatherCore
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("StateFile")
struct StateFileTests {
    @Test func missingFileIsMissing() throws {
        try withTemporaryDirectory { directory in
            let outcome = StateFile(path: directory + "/state.json").recoverPrevious(now: DocumentedExample.generatedAt)
            guard case .missing = outcome else {
                Issue.record("expected .missing, got \(outcome)")
                return
            }
        }
    }

    @Test func validFileIsLoaded() throws {
        try withTemporaryDirectory { directory in
            let file = StateFile(path: directory + "/state.json")
            try file.write(variedSnapshot())
            #expect(try file.read() == variedSnapshot())
            let outcome = file.recoverPrevious(now: DocumentedExample.generatedAt)
            guard case .loaded(let snapshot) = outcome else {
                Issue.record("expected .loaded, got \(outcome)")
                return
            }
            #expect(snapshot == variedSnapshot())
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }

    @Test func writeProducesTheEncoderOutputWithMode0644() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try StateFile(path: path).write(DocumentedExample.snapshot)
            #expect(try fileText(path) == StateEncoder.encode(DocumentedExample.snapshot))
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o644)
        }
    }

    @Test(arguments: ["{\"schema_version\":1,", "not json at all", "", "{\"schema_version\":2}"])
    func corruptFileIsMovedAside(content: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write(content, to: path)
            let file = StateFile(path: path)
            // read() has no side effects.
            #expect(throws: StateFileReadError.self) { try file.read() }
            #expect(FileManager.default.fileExists(atPath: path))

            let outcome = file.recoverPrevious(now: DocumentedExample.generatedAt)
            guard case .corrupt(let reason, let movedTo) = outcome else {
                Issue.record("expected .corrupt, got \(outcome)")
                return
            }
            #expect(!reason.isEmpty)
            #expect(movedTo == path + ".corrupt-20261122T040506Z")
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(try directoryEntries(directory) == ["state.json.corrupt-20261122T040506Z"])
            #expect(try fileText(directory + "/state.json.corrupt-20261122T040506Z") == content)
            // The daemon can start afresh.
            guard case .missing = file.recoverPrevious(now: DocumentedExample.generatedAt) else {
                Issue.record("second load should find no file")
                return
            }
            try file.write(DocumentedExample.snapshot)
            #expect(try file.read() == DocumentedExample.snapshot)
        }
    }

    @Test func recoverPreviousRemovesLeftoverTemporaries() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try StateFile(path: path).write(DocumentedExample.snapshot)
            try AtomicFile.write("{\"half", to: directory + "/.state.json.tmp-4242")
            guard case .loaded = StateFile(path: path).recoverPrevious(now: DocumentedExample.generatedAt) else {
                Issue.record("expected .loaded")
                return
            }
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }

    @Test func unreadablePathIsReportedNotMoved() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let outcome = StateFile(path: path).recoverPrevious(now: DocumentedExample.generatedAt)
            guard case .unreadable(let error) = outcome else {
                Issue.record("expected .unreadable, got \(outcome)")
                return
            }
            #expect(error.errno == EISDIR)
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }

    @Test func createDirectoryMakesParentsAndIsIdempotent() throws {
        try withTemporaryDirectory { directory in
            let file = StateFile(path: directory + "/a/b/c/state.json")
            #expect(file.directory == directory + "/a/b/c")
            try file.createDirectory()
            try file.createDirectory()
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: directory + "/a/b/c", isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
            try file.write(DocumentedExample.snapshot)
            #expect(try file.read() == DocumentedExample.snapshot)
        }
    }

    /// A reader in a loop never sees a partial or missing file while the file is rewritten, on tmpfs as the
    /// state file is (where an `fsync` costs nothing: 500 of them on a disk were most of this test's time).
    @Test func readersNeverSeeAPartialOrMissingFile() throws {
        try withRuntimeDirectory { directory in
            let path = directory + "/state.json"
            let writes = 500
            let minimumReads = 2000
            // Contents of very different sizes, so a partial file could not parse by accident.
            func snapshot(_ index: Int) -> StateSnapshot {
                var snapshot = variedSnapshot()
                snapshot.daemon.ticks = index
                snapshot.locations[0].location.name = String(repeating: "B", count: (index % 7) * 3000)
                return snapshot
            }
            try StateFile(path: path).write(snapshot(0))

            let done = Atomic<Bool>(false)
            let reads = Atomic<Int>(0)
            let failures = Mutex<[String]>([])
            let finished = DispatchSemaphore(value: 0)
            let reader = Thread { [path] in
                defer { finished.signal() }
                var lastTicks = -1
                while !done.load(ordering: .acquiring) || reads.load(ordering: .relaxed) < minimumReads {
                    do {
                        let bytes = try AtomicFile.read(path)
                        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
                        let ticks = (object?["daemon"] as? [String: Any])?["ticks"] as? Int ?? -2
                        let name = ((object?["locations"] as? [[String: Any]])?.first?["name"] as? String) ?? "?"
                        if ticks < lastTicks || name.count != (ticks % 7) * 3000 {
                            failures.withLock { $0.append("inconsistent read: ticks \(ticks), name \(name.count)") }
                        }
                        lastTicks = ticks
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                    reads.add(1, ordering: .relaxed)
                    if failures.withLock({ $0.count }) > 20 { return }
                }
            }
            reader.start()
            let file = StateFile(path: path)
            for index in 1...writes {
                try file.write(snapshot(index))
            }
            done.store(true, ordering: .releasing)
            finished.wait()

            #expect(failures.withLock { $0 } == [])
            #expect(reads.load(ordering: .relaxed) >= minimumReads)
            #expect(try file.read().daemon.ticks == writes)
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }
}
