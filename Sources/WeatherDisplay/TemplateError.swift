import WeatherCore

/// Why a text template (`display.text`, `--text`) is not valid: the problem, where it is, and the
/// placeholders there are (docs/forecast.md: a configuration error, exit 78).
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// `{tempreature}`: no such placeholder.
        case unknownPlaceholder(String)
        /// `{}`.
        case emptyPlaceholder
        /// A `{` without its `}`.
        case unclosedBrace
        /// A `}` that closes nothing (a literal one is written `}}`).
        case unmatchedClosingBrace
        /// `{temperature:x}`: a format other than `:.N`.
        case badFormat(placeholder: String, format: String)
        /// `{temperature:.12}`: more decimals than ``Template/maximumDecimals``.
        case tooManyDecimals(placeholder: String, decimals: String)
        /// `{name:.1}`: decimals for a value that is not a number.
        case notANumber(String)

        /// The problem in words.
        public var description: String {
            switch self {
            case .unknownPlaceholder(let name): "unknown placeholder {\(name)}"
            case .emptyPlaceholder: "empty placeholder {}"
            case .unclosedBrace: "\"{\" without its \"}\" (a literal brace is written {{)"
            case .unmatchedClosingBrace: "\"}\" without its \"{\" (a literal brace is written }})"
            case .badFormat(let name, let format):
                "{\(name):\(format)}: the only format is :.N, N decimals (e.g. {\(name):.1})"
            case .tooManyDecimals(let name, let decimals):
                "{\(name):.\(decimals)}: at most \(Template.maximumDecimals) decimals"
            case .notANumber(let name): "{\(name)} is not a number: it takes no decimals"
            }
        }
    }

    /// What is wrong.
    public var problem: Problem
    /// Where: the 1-based column (in characters) of the template where the placeholder or brace starts.
    public var column: Int

    /// An error.
    public init(_ problem: Problem, column: Int) {
        self.problem = problem
        self.column = column
    }

    /// `unknown placeholder {tempreature} at column 3 of the template; known placeholders: icon, name, …`.
    public var description: String {
        "\(problem) at column \(column) of the template; known placeholders: \(Placeholder.names)"
    }
}
