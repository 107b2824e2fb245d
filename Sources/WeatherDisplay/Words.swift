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
}
