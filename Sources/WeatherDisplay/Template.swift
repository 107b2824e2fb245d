import WeatherCore

/// A text template of the bar (docs/forecast.md, `display.text` and `--text`): literal text with `{placeholder}`
/// or `{placeholder:.N}` (N decimals), `{{` and `}}` for literal braces.
///
/// Rendering escapes the values, never the literal text (which may hold Pango markup), and tidies the
/// spaces an unknown (empty) value leaves: a space that would follow another one, or start or end the
/// text, is dropped, so `{icon} {temperature}{unit} {name}` without weather reads `… Berlin`.
public struct Template: Sendable, Hashable {
    /// One piece of a template.
    public enum Part: Sendable, Hashable {
        /// Text written as it is.
        case literal(String)
        /// A value, with its decimals when given.
        case placeholder(Placeholder, decimals: Int?)
    }

    /// The most decimals `{placeholder:.N}` takes.
    public static let maximumDecimals = 6

    /// The template's text.
    public let text: String
    /// Its pieces, in order.
    public let parts: [Part]

    /// The default text, `{icon} {temperature}{unit} {name}`.
    public static let standard = try! Template(parsing: DisplaySettings.defaultText)

    /// Parses `text`; the error names the problem, its column and the known placeholders.
    public init(parsing text: String) throws(TemplateError) {
        let characters = Array(text)
        var parts: [Part] = []
        var literal = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "{" where next == "{", "}" where next == "}":
                literal.append(character)
                index += 2
            case "}":
                throw TemplateError(.unmatchedClosingBrace, column: index + 1)
            case "{":
                guard let close = characters[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                    characters[close] == "}"
                else { throw TemplateError(.unclosedBrace, column: index + 1) }
                let placeholder = try Self.placeholder(String(characters[(index + 1)..<close]), column: index + 1)
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(placeholder)
                index = close + 1
            default:
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.text = text
        self.parts = parts
    }

    /// The placeholder between the braces at `column`: `name` or `name:.N`.
    private static func placeholder(_ inside: String, column: Int) throws(TemplateError) -> Part {
        let name: String
        var format: String?
        if let colon = inside.firstIndex(of: ":") {
            name = String(inside[..<colon])
            format = String(inside[inside.index(after: colon)...])
        } else {
            name = inside
        }
        guard !name.isEmpty else { throw TemplateError(.emptyPlaceholder, column: column) }
        guard let placeholder = Placeholder(rawValue: name) else {
            throw TemplateError(.unknownPlaceholder(name), column: column)
        }
        guard let format else { return .placeholder(placeholder, decimals: nil) }
        let digits = format.dropFirst()
        guard format.first == ".", !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw TemplateError(.badFormat(placeholder: name, format: format), column: column)
        }
        guard placeholder.isNumber else { throw TemplateError(.notANumber(name), column: column) }
        guard digits.count <= 2, let decimals = Int(digits), decimals <= maximumDecimals else {
            throw TemplateError(.tooManyDecimals(placeholder: name, decimals: String(digits)), column: column)
        }
        return .placeholder(placeholder, decimals: decimals)
    }

    /// The text with every placeholder replaced by `value(placeholder, decimals)` passed through
    /// `escape` (nil or empty: not known, written as nothing, its spaces tidied).
    public func render(
        escape: (String) -> String = { $0 },
        _ value: (Placeholder, Int?) -> String?
    ) -> String {
        var output = ""
        var afterEmpty = false
        for part in parts {
            switch part {
            case .literal(let text):
                var text = Substring(text)
                if afterEmpty, output.isEmpty || output.last == " " { text = text.drop { $0 == " " } }
                output += text
                afterEmpty = false
            case .placeholder(let placeholder, let decimals):
                let text = value(placeholder, decimals) ?? ""
                if text.isEmpty {
                    afterEmpty = true
                } else {
                    output += escape(text)
                    afterEmpty = false
                }
            }
        }
        if afterEmpty {
            while output.last == " " { output.removeLast() }
        }
        return output
    }
}
