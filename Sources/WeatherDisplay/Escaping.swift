/// Replacing the characters a format reserves. Each format weatherd writes has one helper that says its
/// rule: Pango markup (``Waybar/markup(_:)``) and Prometheus label values (``PrometheusText``) use this;
/// perfdata labels (``Perfdata/label(_:)``) replace and quote by their own rule; JSON strings are
/// `JSONWriter`'s.
enum Escaping {
    /// `text` with each character that `escapes` names replaced by its escape; unchanged (not copied)
    /// when none occurs.
    static func replacing(_ text: String, _ escapes: [Character: String]) -> String {
        guard text.contains(where: { escapes[$0] != nil }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for character in text {
            if let escape = escapes[character] { result += escape } else { result.append(character) }
        }
        return result
    }
}
