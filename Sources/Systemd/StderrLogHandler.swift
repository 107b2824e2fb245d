import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log backend that writes one line per entry to standard error: `message key=value …`.
/// With `priorityPrefix` (stderr connected to journald, `JOURNAL_STREAM` set) each line starts with the
/// `<N>` syslog priority that journald understands; otherwise with the level name.
public struct StderrLogHandler: SettingsLogHandler {
    /// The handler's metadata, level and metadata provider.
    public var settings = LogHandlerSettings()

    private let priorityPrefix: Bool
    private let fileDescriptor: Int32

    /// Creates a handler; `priorityPrefix` defaults to whether `JOURNAL_STREAM` is set. It writes to
    /// `fileDescriptor`, standard error unless told otherwise (tests).
    public init(priorityPrefix: Bool = getenv("JOURNAL_STREAM") != nil, fileDescriptor: Int32 = 2) {
        self.priorityPrefix = priorityPrefix
        self.fileDescriptor = fileDescriptor
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        var line =
            priorityPrefix
            ? "<\(JournalField.priority(of: event.level))>"
            : "\(event.level.rawValue.uppercased()): "
        line += Self.singleLine(event.message.description)
        line += Self.fields(mergedMetadata(event.metadata))
        line += "\n"
        Self.write(line, to: fileDescriptor)
    }

    /// ` key=value` for each field, by key, quoted where needed; `message_id` is the journal's alone.
    static func fields(_ metadata: Logger.Metadata) -> String {
        var text = ""
        for key in metadata.keys.sorted() where key != "message_id" {
            text += " \(key)=\(quoted(JournalField.value(of: metadata[key]!)))"
        }
        return text
    }

    /// Newlines and other control characters escaped, so one entry stays one line.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func quoted(_ value: String) -> String {
        let escaped = singleLine(value)
        return escaped.contains(" ") || escaped.contains("=") || escaped.contains("\"") || escaped.isEmpty
            ? "\"" + escaped.replacingQuotes() + "\"" : escaped
    }

    static func write(_ line: String, to fileDescriptor: Int32) {
        var line = line
        line.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\\\"" } else { result.append(character) }
        }
        return result
    }
}
