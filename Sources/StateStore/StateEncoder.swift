import WeatherCore

/// Writes a ``StateSnapshot`` as the state file's JSON (SPEC §6): one line, keys sorted, a trailing
/// newline. The shape is ``StateDocument``'s, the one `Codable` spelling of the file that
/// ``StateDecoder`` reads; see `StateDocument.write(to:)` for why the text is not made by `JSONEncoder`.
public enum StateEncoder {
    /// The JSON text of `snapshot`.
    public static func encode(_ snapshot: StateSnapshot) -> String {
        String(decoding: encodedBytes(snapshot), as: UTF8.self)
    }

    /// The same text as ``encode(_:)``, as UTF-8 bytes: what the state file write needs.
    public static func encodedBytes(_ snapshot: StateSnapshot) -> [UInt8] {
        var json = JSONWriter(capacity: 768 + 1024 * snapshot.locations.count)
        StateDocument(snapshot).write(to: &json)
        var bytes = json.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
