/// A language weatherd speaks to people in (docs/language.md): the words of the bar, the journal's
/// messages, `STATUS=`, the readers' text. Machine outputs never depend on it.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case italian = "it"
    case dutch = "nl"
    case polish = "pl"
    case portuguese = "pt"
    case swedish = "sv"
    case norwegianBokmal = "nb"

    /// The language a setting asks for: `auto` takes the process's locale (`LC_ALL`, else `LC_MESSAGES`,
    /// else `LANG`, as systemd passes them from /etc/locale.conf); a code (`de`, `de_DE.UTF-8`) that one.
    /// English, with the name that was not understood, for a language weatherd has no catalogue for; the
    /// C and POSIX locales are English without a word.
    public static func resolve(_ setting: String, environment: [String: String]) -> (Language, unknown: String?) {
        var name = setting.trimmingWhitespaceAndNewlines()
        if name.isEmpty || name == "auto" {
            name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        }
        let code = name.lowercased().prefix { $0.isLetter }
        if code.isEmpty || code == "c" || code == "posix" { return (.english, nil) }
        // Norwegian without more (`no`, `no_NO`) is written in Bokmål.
        if code == "no" || code == "nb" { return (.norwegianBokmal, nil) }
        guard let language = Language(rawValue: String(code)) else { return (.english, name) }
        return (language, nil)
    }
}

extension String {
    /// The string without white space or newlines at either end.
    fileprivate func trimmingWhitespaceAndNewlines() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
