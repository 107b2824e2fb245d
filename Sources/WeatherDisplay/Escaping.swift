/// Replacing the characters a format reserves. Each format weatherd writes has one helper that says its
/// rule: Pango markup (``Waybar/markup(_:)``) and Prometheus label values (``PrometheusText``) use this;
/// perfdata labels (``Perfdata/label(_:)``) replace and quote by their own rule; JSON strings are
/// `JSONWriter`'s.
enum Escaping {
    /// The ASCII characters a format reserves, each with its escape.
    struct Table: Sendable {
        fileprivate let entries: [(byte: UInt8, escape: String)]

        init(_ escapes: KeyValuePairs<Unicode.Scalar, String>) {
            entries = escapes.map { (UInt8(ascii: $0.key), $0.value) }
        }

        fileprivate func escape(_ byte: UInt8) -> String? {
            entries.first { $0.byte == byte }?.escape
        }
    }

    /// `text` with each character `table` names replaced by its escape; unchanged (not copied) when none
    /// occurs. Works on the UTF-8 bytes: an ASCII byte is never part of another character, and walking
    /// Characters (grapheme breaking, and hashing each one) was a tenth of what
    /// `status --follow --format waybar` spent per update.
    static func replacing(_ text: String, _ table: Table) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { table.escape($0) != nil }) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if let replacement = table.escape(byte) { result += replacement.utf8 } else { result.append(byte) }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
