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

    /// Appends the journal field name of `key` (see ``name(forMetadataKey:)``) to `bytes`.
    public static func appendName(forMetadataKey key: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var key = key
        key.withUTF8 { utf8 in
            bytes.reserveCapacity(start + utf8.count + 1)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                    bytes.append(byte)
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    bytes.append(byte - 32)
                default:
                    // A multi-byte character becomes one `_` per byte: still only [A-Z0-9_].
                    bytes.append(UInt8(ascii: "_"))
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
