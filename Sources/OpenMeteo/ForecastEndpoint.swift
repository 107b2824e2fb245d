import WeatherCore

/// Builds the forecast request of docs/fetching.md: `GET {base_url}/v1/forecast` with the current-weather query.
public struct ForecastEndpoint: Sendable, Hashable {
    /// The variables asked for in `current=`.
    public static let currentVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation",
        "weather_code", "cloud_cover", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
    ]

    /// The variables asked for in `hourly=` (docs/forecast.md).
    public static let hourlyVariables = ForecastResponseDTO.HourlyVariable.allCases.map(\.rawValue)

    /// The variables asked for in `daily=` (docs/forecast.md).
    public static let dailyVariables = ForecastResponseDTO.DailyVariable.allCases.map(\.rawValue)

    /// The variable asked for in `minutely_15=` (the nowcast).
    public static let nowcastVariables = ForecastResponseDTO.MinutelyVariable.allCases.map(\.rawValue)

    /// The variable lists as the query writes them, joined once.
    private static let joined = (
        current: currentVariables.joined(separator: ","),
        nowcast: nowcastVariables.joined(separator: ","),
        hourly: hourlyVariables.joined(separator: ","),
        daily: dailyVariables.joined(separator: ",")
    )

    /// The API's base URL without trailing slash, e.g. `https://api.open-meteo.com`.
    public var baseURL: String
    /// The API key, sent as `apikey` when not empty.
    public var apiKey: String?

    /// Creates an endpoint; a trailing `/` of `baseURL` is dropped and an empty key counts as none.
    public init(baseURL: String, apiKey: String? = nil) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.apiKey = (apiKey?.isEmpty ?? true) ? nil : apiKey
    }

    /// The query items, in order, with the forecast `blocks` (docs/forecast.md "Requests"): the order is fixed so
    /// that every host asks the same URL for the same blocks.
    public func queryItems(
        for location: Location,
        units: Units,
        blocks: ForecastBlocks = .none
    ) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [
            ("latitude", "\(location.latitude)"),
            ("longitude", "\(location.longitude)"),
            ("current", Self.joined.current),
        ]
        if blocks.nowcast {
            items.append(("minutely_15", Self.joined.nowcast))
            items.append(("forecast_minutely_15", "\(NowcastStep.requested)"))
        }
        if let hours = blocks.hours {
            items.append(("hourly", Self.joined.hourly))
            items.append(("forecast_hours", "\(hours)"))
        }
        if let days = blocks.days {
            items.append(("daily", Self.joined.daily))
            items.append(("forecast_days", "\(days)"))
        }
        items += [
            ("timeformat", "unixtime"),
            ("timezone", "auto"),
            ("temperature_unit", units.temperature.rawValue),
            ("wind_speed_unit", units.windSpeed.rawValue),
            ("precipitation_unit", units.precipitation.rawValue),
        ]
        if let apiKey { items.append(("apikey", apiKey)) }
        return items
    }

    /// The full request URL, built in one string: mapped to `name=value` strings and joined, the query
    /// was 4 % of a fetch's instructions (callgrind, 10 ms ticks).
    public func url(for location: Location, units: Units, blocks: ForecastBlocks = .none) -> String {
        url(path: "/v1/forecast", items: queryItems(for: location, units: units, blocks: blocks))
    }

    /// The base URL, `path`, `?` and `items` as `name=value` joined by `&`, the values percent-encoded: one
    /// string, for every request to this API's host.
    func url(path: String, items: [(name: String, value: String)]) -> String {
        var url = baseURL
        url.reserveCapacity(baseURL.utf8.count + 512)
        url += path
        url += "?"
        for (index, item) in items.enumerated() {
            if index > 0 { url += "&" }
            url += item.name
            url += "="
            url += Self.percentEncode(item.value)
        }
        return url
    }

    /// Whether `byte` stands for itself in a query value: an unreserved character or `,`. Comparisons, not
    /// `case "a"..."z"`: the release build (-Osize) matches a range pattern through a generic call per byte.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            || byte == UInt8(ascii: ",")
    }

    /// `text` with the API key replaced by `REDACTED`, for anything that may reach logs or files.
    public func redact(_ text: String) -> String {
        guard let apiKey else { return text }
        var result = text
        for form in Set([apiKey, Self.percentEncode(apiKey)]) where !form.isEmpty {
            result = result.replacingAll(form, with: "REDACTED")
        }
        return result
    }

    /// `error` with the API key redacted from its message and reason.
    public func redact(_ error: FetchError) -> FetchError {
        var error = error
        error.message = redact(error.message)
        error.reason = error.reason.map(redact)
        return error
    }

    /// Percent-encodes a query value: everything but unreserved characters and `,`.
    static func percentEncode(_ value: String) -> String {
        if value.utf8.allSatisfy(isUnreserved) { return value }
        var result = ""
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return result
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Index>? {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return nil }
        var index = startIndex
        while index < endIndex {
            if utf8[index] == first, self[index...].utf8.starts(with: needle) {
                let upper = utf8.index(index, offsetBy: needle.count)
                return index..<upper
            }
            index = utf8.index(after: index)
        }
        return nil
    }
}
