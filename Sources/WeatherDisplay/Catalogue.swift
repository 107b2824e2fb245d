import CGettext
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// The words weatherd shows people, in their language: gettext catalogues (`po/LANG.po`, compiled by the
/// build into `LANG/LC_MESSAGES/weatherd.mo`), read with glibc's gettext (docs/language.md). An English
/// text is its own message id; `{name}` marks a value put in (translators may move it); a catalogue that
/// lacks a message leaves it English.
///
/// glibc looks up catalogues only for a locale that is installed, and a Raspberry Pi in a German kitchen
/// may have none but `C.UTF-8`: weatherd takes its messages' locale as `C.UTF-8` (never its numbers, which
/// machine outputs write) and names the language in `LANGUAGE`, which glibc's gettext reads before the
/// locale, so no locale need be generated.
public enum Catalogue {
    /// The gettext domain, and the catalogue's file name (`weatherd.mo`).
    public static let domain = "weatherd"

    /// The language in use. Set once, at start, before any other thread runs (``use(_:directories:)``);
    /// read from every thread after.
    public nonisolated(unsafe) private(set) static var language = Language.english

    /// The decimal separator of human numbers (`2,5 °C`): the catalogue's own, `.` in English.
    public nonisolated(unsafe) private(set) static var decimalSeparator = "."

    /// Uses `language`, its catalogue the first `weatherd.mo` found in `directories` (`DIR/LANG/LC_MESSAGES`);
    /// returns false when none holds one (the words stay English).
    @discardableResult
    public static func use(_ language: Language, directories: [String]) -> Bool {
        self.language = .english
        decimalSeparator = "."
        guard language != .english else { return true }
        guard let directory = directories.first(where: { hasCatalogue(language, in: $0) }) else { return false }
        setlocale(LC_MESSAGES, "C.UTF-8")
        setenv("LANGUAGE", language.rawValue, 1)
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        // LANGUAGE would also translate glibc's own messages (strerror: "Datei oder Verzeichnis nicht
        // gefunden"), which end up in machine outputs: `last_error.message`, journal field values, `status
        // --format json`'s error. glibc looks for them in its domain's directory, here one without any.
        bindtextdomain("libc", directory)
        self.language = language
        // Spelt out with its type, so that scripts/update-pot finds this file and puts the message in the template.
        // Translators: the decimal separator of numbers people read: "," in German.
        decimalSeparator = Catalogue.word(".", context: "decimal separator")
        return true
    }

    /// Whether `directory` holds `language`'s catalogue.
    public static func hasCatalogue(_ language: Language, in directory: String) -> Bool {
        access("\(directory)/\(language.rawValue)/LC_MESSAGES/\(domain).mo", R_OK) == 0
    }

    /// `english` in the language in use, each `{name}` replaced by its value in `values`; in English whatever the
    /// language when not `translated` (a text a machine output carries: `status --format json`'s `error`).
    public static func text(
        _ english: String,
        _ values: KeyValuePairs<String, String> = [:],
        translated: Bool = true
    ) -> String {
        fill(language == .english || !translated ? english : lookUp(english), values)
    }

    /// `english` (a word that needs its `context` to be translated: `Mon` the weekday) in the language in use.
    public static func word(_ english: String, context: String, _ values: KeyValuePairs<String, String> = [:]) -> String
    {
        guard language != .english else { return fill(english, values) }
        // gettext's form of a message with a context: the context, EOT, the message.
        let key = context + "\u{04}" + english
        let translated = lookUp(key)
        return fill(translated == key ? english : translated, values)
    }

    /// `singular` or `plural`, as `count` asks in the language in use, with `{count}` and each `{name}` put in.
    public static func plural(
        _ singular: String,
        _ plural: String,
        count: Int,
        _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        let form =
            language == .english
            ? (count == 1 ? singular : plural)
            : singular.withCString { one in
                plural.withCString { many in
                    // Without a translation gettext returns one of the arguments: a buffer gone after the call.
                    guard let found = dngettext(domain, one, many, UInt(max(count, 0))), found != one, found != many
                    else { return count == 1 ? singular : plural }
                    return String(cString: found)
                }
            }
        return fill(fill(form, ["count": String(count)]), values)
    }

    /// `number`, already written with a `.`, with the language's decimal separator.
    public static func number(_ text: String) -> String {
        decimalSeparator == "." ? text : text.replacing(".", with: decimalSeparator)
    }

    /// The catalogue's translation of `message`, or `message` itself.
    private static func lookUp(_ message: String) -> String {
        message.withCString { id in
            // Without a translation gettext returns its argument: a buffer that is gone after this closure.
            guard let found = dgettext(domain, id), found != id else { return message }
            return String(cString: found)
        }
    }

    /// `text` with each `{name}` replaced by its value in `values`, in one pass over its UTF-8: a name without a
    /// value stays as it is, and a value put in is not read again for names. Not `String.replacing` once a
    /// name: its search by Characters led a profile of `status --follow --format waybar`, and this pass took
    /// an update from 1,362 to 1,084 µs in the benchmark's cache-tick section (release build, 2026-12-07).
    private static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        guard !values.isEmpty else { return text }
        let utf8 = text.utf8
        guard var open = utf8.firstIndex(of: UInt8(ascii: "{")) else { return text }
        var result = ""
        result.reserveCapacity(utf8.count + 32)
        var copied = utf8.startIndex
        while let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) {
            let name = text[utf8.index(after: open)..<close]
            var searchFrom = utf8.index(after: open)
            if let value = values.first(where: { $0.key == name })?.value {
                result += text[copied..<open]
                result += value
                copied = utf8.index(after: close)
                searchFrom = copied
            }
            guard let next = utf8[searchFrom...].firstIndex(of: UInt8(ascii: "{")) else { break }
            open = next
        }
        result += text[copied...]
        return result
    }
}
