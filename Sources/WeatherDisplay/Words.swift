import WeatherCore

/// The words and human numbers shared by every text weatherd writes for people — the journal's messages,
/// `STATUS=`, the readers' reports — in the language in use (``Catalogue``). Machine outputs never go
/// through here.
public enum Words {
    /// The description of `code` (`Slight rain`, `Unknown weather code 42`); `Unknown weather` without one.
    public static func description(_ code: WMOCode?) -> String {
        guard let code else { return Catalogue.text("Unknown weather") }
        guard code.isKnown else {
            return Catalogue.text("Unknown weather code {code}", ["code": String(code.rawValue)])
        }
        return Catalogue.text(code.description)
    }

    /// `value` with one decimal, in the language's way (`2.0`, `2,0`).
    public static func oneDecimal(_ value: Double) -> String {
        Catalogue.number(NumberFormat.oneDecimal(value))
    }

    /// `value` with `decimals` decimals, in the language's way.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        Catalogue.number(NumberFormat.fixed(value, decimals: decimals))
    }

    /// `value` rounded as people read it (``DecimalText/fixed(_:decimals:)``), in the language's way; nil for
    /// a value that is not finite.
    public static func decimal(_ value: Double, decimals: Int) -> String? {
        DecimalText.fixed(value, decimals: decimals).map(Catalogue.number)
    }

    /// `value` in its shortest form (`81`, `14.3`), in the language's way (`14,3`).
    public static func number(_ value: Double) -> String {
        Catalogue.number(NumberFormat.json(value))
    }

    /// The weather in one line: `2.0 °C, Slight rain` (the description alone without a temperature).
    public static func summary(_ weather: Weather) -> String {
        let description = description(weather.code)
        guard let temperature = weather.temperature else { return description }
        return Catalogue.text(
            "{temperature} {unit}, {description}",
            [
                "temperature": oneDecimal(temperature), "unit": weather.units.temperature.symbol,
                "description": description,
            ]
        )
    }

    /// "1 location", "4 locations".
    public static func locations(_ count: Int) -> String {
        Catalogue.plural("{count} location", "{count} locations", count: count)
    }

    /// A warning's severity as people read it: `Severe`.
    public static func severity(_ severity: Alert.Severity) -> String {
        switch severity {
        case .unknown: Catalogue.word("Unknown", context: "severity")
        case .minor: Catalogue.word("Minor", context: "severity")
        case .moderate: Catalogue.word("Moderate", context: "severity")
        case .severe: Catalogue.word("Severe", context: "severity")
        case .extreme: Catalogue.word("Extreme", context: "severity")
        }
    }

    /// Why a warning ended: `expired`.
    public static func endReason(_ reason: AlertEvent.EndReason) -> String {
        switch reason {
        case .expired: Catalogue.word("expired", context: "alert end")
        case .cancelled: Catalogue.word("cancelled", context: "alert end")
        case .withdrawn: Catalogue.word("withdrawn", context: "alert end")
        }
    }

    /// A quota window as the journal names it: `minute`.
    public static func quotaWindow(_ window: QuotaWindow) -> String {
        switch window {
        case .minute: Catalogue.word("minute", context: "quota window")
        case .hour: Catalogue.word("hour", context: "quota window")
        case .day: Catalogue.word("day", context: "quota window")
        }
    }
}
