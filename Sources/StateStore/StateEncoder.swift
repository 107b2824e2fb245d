#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// Writes a ``StateSnapshot`` as the state file's JSON (SPEC §6): one line, keys sorted, a trailing
/// newline.
public enum StateEncoder {
    /// The JSON text of `snapshot`.
    public static func encode(_ snapshot: StateSnapshot) -> String {
        String(decoding: encodedBytes(snapshot), as: UTF8.self)
    }

    /// The same text as ``encode(_:)``, as UTF-8 bytes: what the state file write needs.
    public static func encodedBytes(_ snapshot: StateSnapshot) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // StateDocument holds no value JSONEncoder refuses (non-finite numbers are left out), so this
        // cannot fail; were it to, an empty object would be written rather than a crash.
        var bytes = (try? Array(encoder.encode(StateDocument(snapshot)))) ?? Array("{}".utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
