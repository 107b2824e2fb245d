import Logging

/// Journal field names and values from swift-log metadata (docs/journal.md).
public enum JournalField {
    /// The longest field name journald accepts.
    public static let maximumNameLength = 64

    /// The journal field name of a metadata key: upper-cased, every character outside `[A-Z0-9_]` turned
    /// into `_` (`weather.location` → `WEATHER_LOCATION`). journald also refuses names that start with a
    /// digit or `_` (trusted fields) or are longer than 64 characters, so those get an `F` prefix or are cut.
    public static func name(forMetadataKey key: String) -> String {
        var bytes: [UInt8] = []
        appendName(forMetadataKey: key, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the journal field name of `key` (see ``name(forMetadataKey:)``) to `bytes`. The bytes are
    /// mapped in place in the grown buffer: appended one at a time, with a capacity check each, this was
    /// a third of a journal entry's instructions (callgrind, a tick's entry of 20 metadata fields).
    public static func appendName(forMetadataKey key: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var key = key
        key.withUTF8 { utf8 in
            bytes.reserveCapacity(start + utf8.count + 1)  // room for an `F` prefix
            bytes.append(contentsOf: utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                // Comparisons, not `case "a"..."z"`: the release build (-Osize) matches a range pattern
                // through a generic call per byte.
                for index in start..<buffer.count {
                    let byte = buffer[index]
                    if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
                        buffer[index] = byte &- 32
                    } else if !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                        && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && byte != UInt8(ascii: "_")
                    {
                        // A multi-byte character becomes one `_` per byte: still only [A-Z0-9_].
                        buffer[index] = UInt8(ascii: "_")
                    }
                }
            }
        }
        if bytes.count == start || bytes[start] == UInt8(ascii: "_") || (48...57).contains(bytes[start]) {
            bytes.insert(UInt8(ascii: "F"), at: start)
        }
        if bytes.count - start > maximumNameLength { bytes.removeLast(bytes.count - start - maximumNameLength) }
    }

    /// The text of a metadata value: strings as they are, arrays and dictionaries in swift-log's notation.
    public static func value(of metadata: Logger.MetadataValue) -> String {
        switch metadata {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array, .dictionary: metadata.description
        }
    }

    /// The syslog priority of a swift-log level.
    public static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
