import CSystemd
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log backend that writes structured entries to the systemd journal with `sd_journal_sendv`.
///
/// Every entry carries `MESSAGE`, `PRIORITY`, `SYSLOG_IDENTIFIER`, `CODE_FILE`, `CODE_LINE`, `CODE_FUNC`
/// and one field per metadata key (named by ``JournalField/name(forMetadataKey:)``). Values go out
/// length-prefixed when they contain a newline, so no value can split or forge a field. When journald
/// is not listening (no socket, or a dead one: see ``JournalProbe``) or refuses an entry, the entry is
/// written to `fallback` instead.
public struct JournalLogHandler: LogHandler {
    /// Metadata attached to every entry of this handler.
    public var metadata: Logger.Metadata = [:]
    /// The least severe level logged.
    public var logLevel: Logger.Level = .info
    /// A provider of contextual metadata.
    public var metadataProvider: Logger.MetadataProvider?

    private let identifier: String
    private let fallback: (any LogHandler)?

    /// The path of journald's native socket.
    public static let socketPath = "/run/systemd/journal/socket"

    /// Whether journald's socket exists (the `auto` log target's test).
    public static var isAvailable: Bool {
        var info = stat()
        return stat(socketPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Creates a handler logging as `identifier` (`SYSLOG_IDENTIFIER`), with an optional fallback.
    public init(identifier: String, fallback: (any LogHandler)? = nil) {
        self.identifier = identifier
        self.fallback = fallback
    }

    /// Metadata of this handler.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Sends one entry.
    public func log(event: LogEvent) {
        var fields: [(String, String)] = [
            ("MESSAGE", event.message.description),
            ("PRIORITY", String(JournalField.priority(of: event.level))),
            ("SYSLOG_IDENTIFIER", identifier),
            ("CODE_FILE", event.file),
            ("CODE_LINE", String(event.line)),
            ("CODE_FUNC", event.function),
        ]
        let merged = mergedMetadata(event.metadata)
        for key in merged.keys.sorted() {
            fields.append((JournalField.name(forMetadataKey: key), JournalField.value(of: merged[key]!)))
        }
        let delivered = JournalProbe.isListening() && Self.send(fields) >= 0
        if !delivered, var fallback {
            fallback.logLevel = .trace
            fallback.log(event: event)
        }
    }

    /// Sends `fields` as one entry; returns `sd_journal_sendv`'s result (negative errno on failure).
    @discardableResult
    public static func send(_ fields: [(name: String, value: String)]) -> Int32 {
        var buffer: [UInt8] = []
        var ranges: [Range<Int>] = []
        buffer.reserveCapacity(fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 1 })
        ranges.reserveCapacity(fields.count)
        for (name, value) in fields {
            let start = buffer.count
            buffer.append(contentsOf: name.utf8)
            buffer.append(UInt8(ascii: "="))
            buffer.append(contentsOf: value.utf8)
            ranges.append(start..<buffer.count)
        }
        return buffer.withUnsafeMutableBytes { bytes in
            var vectors = ranges.map { range in
                iovec(iov_base: bytes.baseAddress! + range.lowerBound, iov_len: range.count)
            }
            return sd_journal_sendv(&vectors, Int32(vectors.count))
        }
    }

    private func mergedMetadata(_ explicit: Logger.Metadata?) -> Logger.Metadata {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit { merged.merge(explicit) { $1 } }
        return merged
    }
}
