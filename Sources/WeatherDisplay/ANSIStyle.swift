/// SGR escape sequences for a terminal (ECMA-48), written only when colour is on.
public struct ANSIStyle: Sendable {
    /// Whether escapes are written (standard output is a terminal and `NO_COLOR` is unset).
    public let isOn: Bool

    /// A style; off writes plain text.
    public init(isOn: Bool) {
        self.isOn = isOn
    }

    /// Whether to colour: only on a terminal, not when `NO_COLOR` is set to anything but the empty
    /// string (no-color.org), nor for `TERM=dumb`.
    public static func wanted(isTerminal: Bool, noColor: String?, term: String?) -> Bool {
        guard isTerminal else { return false }
        if let noColor, !noColor.isEmpty { return false }
        return term != "dumb"
    }

    /// `text` in the SGR attributes `codes` (`"1"` bold, `"2"` dim, `"34"` blue, …), reset after.
    public func paint(_ text: String, _ codes: String) -> String {
        guard isOn, text.contains(where: { $0 != " " }) else { return text }
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    /// The colour of a temperature in °C: bright cyan at or below 0, cyan to 10, green to 20, yellow to
    /// 28, red above.
    public static func temperatureColour(celsius: Double) -> String {
        switch celsius {
        case ...0: "96"
        case ...10: "36"
        case ...20: "32"
        case ...28: "33"
        default: "31"
        }
    }
}
