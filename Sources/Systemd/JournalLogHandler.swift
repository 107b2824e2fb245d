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
/// is not there or refuses an entry, the entry is written to `fallback` instead.
///
/// `sd_journal_sendv` reports success when the socket is missing (it drops the entry: "fail silently if
/// the journal is not available"), so every entry first looks for the socket (``isAvailable``, one
/// `stat`); a socket nobody listens on needs no look: the send itself fails (`ECONNREFUSED`). The look
/// used to `connect()` a socket of its own: at the daemon's 10 s pace a `socket`, `connect` and `close`
/// at every tick, three of a cache tick's 17 system calls, which the C program of the cache-tick budget
/// does not make (strace).
public struct JournalLogHandler: SettingsLogHandler {
    /// The handler's metadata, level and metadata provider.
    public var settings = LogHandlerSettings()

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

    /// Sends one entry.
    public func log(event: LogEvent) {
        var entry = JournalEntry()
        entry.add("MESSAGE", event.message.description)
        entry.add("PRIORITY", String(JournalField.priority(of: event.level)))
        entry.add("SYSLOG_IDENTIFIER", identifier)
        entry.add("CODE_FILE", event.file)
        entry.add("CODE_LINE", String(event.line))
        entry.add("CODE_FUNC", event.function)
        if metadata.isEmpty && metadataProvider == nil {
            // The common case: only the entry's own metadata, added without merging dictionaries.
            for (key, value) in event.metadata ?? [:] { entry.add(metadataKey: key, value) }
        } else {
            for (key, value) in mergedMetadata(event.metadata) { entry.add(metadataKey: key, value) }
        }
        let delivered = Self.isAvailable && entry.send() >= 0
        if !delivered, var fallback {
            fallback.logLevel = .trace
            fallback.log(event: event)
        }
    }

    /// Sends `fields` as one entry; returns `sd_journal_sendv`'s result (negative errno on failure).
    @discardableResult
    public static func send(_ fields: [(name: String, value: String)]) -> Int32 {
        var entry = JournalEntry()
        for (name, value) in fields { entry.add(name, value) }
        return entry.send()
    }
}

/// One journal entry being built: every `NAME=value` field in one byte buffer, sent with one
/// `sd_journal_sendv` (which length-prefixes values that contain a newline).
struct JournalEntry {
    private var buffer: [UInt8] = []
    private var ranges: [Range<Int>] = []

    init() {
        buffer.reserveCapacity(2048)
        ranges.reserveCapacity(32)
    }

    /// Adds a field whose name is already valid.
    mutating func add(_ name: String, _ value: String) {
        let start = buffer.count
        buffer.append(contentsOf: name.utf8)
        buffer.append(UInt8(ascii: "="))
        buffer.append(contentsOf: value.utf8)
        ranges.append(start..<buffer.count)
    }

    /// Adds a metadata value under the journal name of its key.
    mutating func add(metadataKey key: String, _ value: Logger.MetadataValue) {
        let start = buffer.count
        JournalField.appendName(forMetadataKey: key, to: &buffer)
        buffer.append(UInt8(ascii: "="))
        switch value {
        case .string(let string): buffer.append(contentsOf: string.utf8)
        default: buffer.append(contentsOf: JournalField.value(of: value).utf8)
        }
        ranges.append(start..<buffer.count)
    }

    /// Sends the entry; `sd_journal_sendv`'s result.
    mutating func send() -> Int32 {
        let ranges = self.ranges
        return buffer.withUnsafeMutableBytes { bytes in
            var vectors = ranges.map { range in
                iovec(iov_base: bytes.baseAddress! + range.lowerBound, iov_len: range.count)
            }
            return sd_journal_sendv(&vectors, Int32(vectors.count))
        }
    }
}
