import Foundation

/// Reads a journal directory back with `journalctl -o json`, for tests against a real journald.
public enum JournalReader {
    /// `journalctl -D directory -o json --all [--output-fields=…] matches…`, one dictionary per entry.
    /// Values journalctl prints as byte arrays (binary or non-printable data) are decoded as UTF-8.
    public static func entries(
        in directory: String,
        matches: [String],
        outputFields: [String]? = nil
    ) throws
        -> [[String: String]]
    {
        var arguments = ["-D", directory, "-o", "json", "--all", "--no-pager"]
        if let outputFields { arguments.append("--output-fields=" + outputFields.joined(separator: ",")) }
        arguments += matches
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/journalctl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var entries: [[String: String]] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
            var entry: [String: String] = [:]
            for (key, value) in object {
                entry[key] = Self.value(value)
            }
            entries.append(entry)
        }
        return entries
    }

    /// A journalctl JSON value: a string, an array of byte values (binary data), or null (too large without
    /// `--all`). A field sent twice comes as an array of those; it is reported joined by "\u{0}".
    public static func value(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let bytes = value as? [Any], bytes.allSatisfy({ $0 is NSNumber && !($0 is String) }),
            let numbers = bytes as? [NSNumber]
        {
            return String(decoding: numbers.map { $0.uint8Value }, as: UTF8.self)
        }
        if let many = value as? [Any] {
            return many.compactMap(Self.value).joined(separator: "\u{0}")
        }
        return nil
    }
}
