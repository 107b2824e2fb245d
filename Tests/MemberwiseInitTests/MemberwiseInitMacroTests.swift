import MemberwiseInitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@MemberwiseInit` expands to the initializer Swift would synthesize, at the struct's access level.
@Suite struct MemberwiseInitMacroTests {
    private let macros = ["MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)]

    private func expect(
        _ source: String,
        expands expected: String,
        diagnostics: [DiagnosticSpec] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros) {
            Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation)
        }
    }

    @Test func storedPropertiesInOrderWithTheirDefaults() {
        let members = """
                public var at: Double
                public var value: Double?
                public var unit: String = "°C"
                public let source: String?
                let version: Int = 2
                var changed: Bool = false { didSet { } }
                public var isCold: Bool { value ?? 0 < 0 }
                public static var zero: Double = 0
                var onChange: @Sendable (Double) -> Void
                var onEnd: (() -> Void)?
                private(set) var low, high: Double
            """
        expect(
            "@MemberwiseInit\npublic struct Reading: Sendable {\n\(members)\n}",
            expands: """
                public struct Reading: Sendable {
                \(members)

                    public init(
                        at: Double,
                        value: Double? = nil,
                        unit: String = "°C",
                        source: String?,
                        changed: Bool = false,
                        onChange: @escaping @Sendable (Double) -> Void,
                        onEnd: (() -> Void)? = nil,
                        low: Double,
                        high: Double
                    ) {
                        self.at = at
                        self.value = value
                        self.unit = unit
                        self.source = source
                        self.changed = changed
                        self.onChange = onChange
                        self.onEnd = onEnd
                        self.low = low
                        self.high = high
                    }
                }
                """
        )
    }

    @Test func takesTheStructsAccessLevel() {
        expect(
            """
            @MemberwiseInit
            package struct Empty {
            }
            """,
            expands: """
                package struct Empty {

                    package init() {
                    }
                }
                """
        )
    }

    @Test(arguments: [
        ("@MemberwiseInit\npublic class Box {\n}", "@MemberwiseInit applies to a struct"),
        (
            "@MemberwiseInit\npublic struct Box {\n    var count = 0\n}",
            "@MemberwiseInit needs the type of 'count' written out"
        ),
        (
            "@MemberwiseInit\npublic struct Box {\n    #if DEBUG\n    var count: Int\n    #endif\n}",
            "@MemberwiseInit does not look inside #if: write this initializer by hand"
        ),
        (
            "@MemberwiseInit\npublic struct Box {\n    @Clamped var count: Int\n}",
            "@MemberwiseInit does not handle the attribute of 'count'"
        ),
        (
            "@MemberwiseInit\npublic struct Box {\n    private var count: Int\n}",
            "@MemberwiseInit would make 'count', which is private, a parameter"
        ),
    ])
    func refusesWhatItCannotExpand(source: String, message: String) {
        let declaration = source.split(separator: "\n").dropFirst().joined(separator: "\n")
        expect(source, expands: declaration, diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
    }
}
