import Foundation
import WeatherCore
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the system temporary directory, removed when the body returns.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    try withDirectory(in: FileManager.default.temporaryDirectory, body)
}

/// A fresh directory on tmpfs (/dev/shm), where the daemon's state file lives (/run/weatherd), removed when
/// the body returns; under the system temporary directory where there is no /dev/shm.
func withRuntimeDirectory<T>(_ body: (String) throws -> T) throws -> T {
    var isDirectory: ObjCBool = false
    let shm = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
    return try withDirectory(in: shm ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory, body)
}

private func withDirectory<T>(in parent: URL, _ body: (String) throws -> T) throws -> T {
    let url = parent.appendingPathComponent("weatherd-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}

/// The names in a directory, sorted.
func directoryEntries(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
}

/// The file's content as text.
func fileText(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}
