import Foundation
import StateStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("AtomicFile")
struct AtomicFileTests {
    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    private func writeError(_ contents: String, to path: String) -> FileSystemError? {
        do {
            try AtomicFile.write(contents, to: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func writesContentWithMode0644() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write("{\"a\":1}\n", to: path)
            #expect(try fileText(path) == "{\"a\":1}\n")
            #expect(mode(path) == 0o644)
            try AtomicFile.write("x", to: directory + "/other", mode: 0o600)
            #expect(mode(directory + "/other") == 0o600)
        }
    }

    /// umask is per process: run in a child process so parallel tests are not affected.
    @Test func mode0644EvenUnderUmask077() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let directory = "/tmp/weatherd-umask-\(getpid())"
            mkdir(directory, 0o755)
            defer {
                unlink(directory + "/state.json")
                rmdir(directory)
            }
            umask(0o077)
            do {
                try AtomicFile.write("content", to: directory + "/state.json")
            } catch {
                exit(10)
            }
            var info = stat()
            guard stat(directory + "/state.json", &info) == 0 else { exit(11) }
            exit(info.st_mode & 0o777 == 0o644 ? 0 : 12)
        }
    }

    /// A leftover temporary file of the same name (a killed write) lends the new file neither its mode
    /// nor its bytes.
    @Test func aLeftoverTemporaryLendsNeitherItsModeNorItsBytes() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            let leftover = AtomicFile.temporaryPrefix(for: path) + String(getpid())
            let fd = open(leftover, O_WRONLY | O_CREAT, 0o600)
            #expect(fd >= 0)
            #expect(write(fd, "a longer leftover", 17) == 17)
            #expect(fchmod(fd, 0o600) == 0)
            close(fd)
            try AtomicFile.write("new", to: path)
            #expect(try fileText(path) == "new")
            #expect(mode(path) == 0o644)
            #expect(access(leftover, F_OK) != 0)
        }
    }

    @Test func replacesAnExistingFileWithoutTouchingOpenReaders() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write("old content", to: path)
            let reader = try #require(FileHandle(forReadingAtPath: path))
            defer { try? reader.close() }
            try AtomicFile.write("new", to: path)
            #expect(try fileText(path) == "new")
            // A rename, not an in-place rewrite: the open descriptor still sees the whole old file.
            #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "old content")
        }
    }

    @Test func leavesNoTemporaryFiles() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            for index in 0..<20 { try AtomicFile.write(String(repeating: "\(index)", count: index * 100), to: path) }
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }

    @Test func writesEmptyAndLargeContents() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write("", to: path)
            #expect(try AtomicFile.read(path) == [])
            let large = String(repeating: "0123456789abcdef", count: 20_000)  // 320 kB, several read chunks
            try AtomicFile.write(large, to: path)
            #expect(try AtomicFile.read(path) == Array(large.utf8))
        }
    }

    @Test func removeLeftoversRemovesOnlyThisFilesTemporaries() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            #expect(AtomicFile.temporaryPrefix(for: path) == directory + "/.state.json.tmp-")
            let names = [
                ".state.json.tmp-123", ".state.json.tmp-99999", "state.json", ".other.json.tmp-1",
                "state.json.tmp-1", ".state.json.corrupt-1",
            ]
            for name in names { try AtomicFile.write("x", to: directory + "/" + name) }
            #expect(AtomicFile.removeLeftovers(for: path) == 2)
            #expect(
                try directoryEntries(directory) == [
                    ".other.json.tmp-1", ".state.json.corrupt-1", "state.json", "state.json.tmp-1",
                ]
            )
            #expect(AtomicFile.removeLeftovers(for: path) == 0)
            #expect(AtomicFile.removeLeftovers(for: directory + "/missing/state.json") == 0)
        }
    }

    @Test func missingDirectoryThrowsENOENT() throws {
        try withTemporaryDirectory { directory in
            let error = try #require(writeError("x", to: directory + "/missing/state.json"))
            #expect(error.errno == ENOENT)
            #expect(error.path.hasPrefix(directory + "/missing/"))
            #expect(error.description.contains("No such file or directory"))
            #expect(try directoryEntries(directory) == [])
        }
    }

    @Test func failedWriteLeavesTheOldFileAndNoTemporary() throws {
        try withTemporaryDirectory { directory in
            // The target is a non-empty directory, so the final rename fails.
            let path = directory + "/state.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try AtomicFile.write("keep", to: path + "/inner")
            let error = try #require(writeError("new", to: path))
            #expect(error.operation == "rename")
            #expect([EISDIR, ENOTEMPTY, EEXIST].contains(error.errno))
            #expect(try fileText(path + "/inner") == "keep")
            #expect(try directoryEntries(directory) == ["state.json"])
        }
    }

    @Test func temporaryPathThatCannotBeCreatedKeepsTheOldFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write("old", to: path)
            // Occupy this process's temporary name with a directory.
            let temporary = AtomicFile.temporaryPrefix(for: path) + String(getpid())
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            let error = try #require(writeError("new", to: path))
            #expect(error.errno == EISDIR)
            #expect(try fileText(path) == "old")
        }
    }

    @Test func symlinkAtTheTemporaryPathIsNotFollowed() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            let victim = directory + "/victim"
            try AtomicFile.write("precious", to: victim)
            let temporary = AtomicFile.temporaryPrefix(for: path) + String(getpid())
            #expect(symlink(victim, temporary) == 0)
            let error = try #require(writeError("evil", to: path))
            #expect(error.errno == ELOOP)
            #expect(try fileText(victim) == "precious")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    // Root ignores permission bits, so a chmod 0555 directory does not stop it from writing.
    @Test(.enabled(if: geteuid() != 0, "permission bits do not apply to root"))
    func readOnlyDirectoryThrowsEACCES() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write("old", to: path)
            chmod(directory, 0o555)
            defer { chmod(directory, 0o755) }
            let error = try #require(writeError("new", to: path))
            #expect(error.errno == EACCES)
            #expect(try fileText(path) == "old")
        }
    }

    @Test func readReportsErrnoAndLimit() throws {
        try withTemporaryDirectory { directory in
            do throws(FileSystemError) {
                _ = try AtomicFile.read(directory + "/missing")
                Issue.record("read of a missing file succeeded")
            } catch {
                #expect(error.errno == ENOENT)
            }
            try AtomicFile.write(String(repeating: "x", count: 100), to: directory + "/f")
            do throws(FileSystemError) {
                _ = try AtomicFile.read(directory + "/f", limit: 10)
                Issue.record("read over the limit succeeded")
            } catch {
                #expect(error.errno == EFBIG)
            }
            #expect(try AtomicFile.read(directory + "/f", limit: 100).count == 100)
        }
    }
}
