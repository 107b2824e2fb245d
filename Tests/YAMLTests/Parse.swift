import Testing
import YAML

/// Test helpers: the document of `text`, or the error it gives.
enum Parse {
    static func node(_ text: String, _ parser: YAMLParser = YAMLParser()) throws -> Node? {
        try parser.parse(text)
    }

    static func error(_ text: String, _ parser: YAMLParser = YAMLParser()) -> YAMLError? {
        do {
            _ = try parser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    static func error(bytes: [UInt8]) -> YAMLError? {
        do {
            _ = try YAMLParser().parse(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Expects parsing `text` with `parser` to fail with `kind` and, where given, `problem`, `mark` and
    /// `keyPath`; returns the error for further checks.
    @discardableResult
    static func expectError(
        _ text: String,
        _ parser: YAMLParser = YAMLParser(),
        kind: YAMLError.Kind,
        problem: String? = nil,
        mark: Mark? = nil,
        keyPath: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> YAMLError {
        let failure = try #require(Parse.error(text, parser), "accepted: \(text)", sourceLocation: sourceLocation)
        #expect(failure.kind == kind, sourceLocation: sourceLocation)
        if let problem { #expect(failure.problem == problem, sourceLocation: sourceLocation) }
        if let mark { #expect(failure.mark == mark, sourceLocation: sourceLocation) }
        if let keyPath { #expect(failure.keyPath == keyPath, sourceLocation: sourceLocation) }
        return failure
    }
}
