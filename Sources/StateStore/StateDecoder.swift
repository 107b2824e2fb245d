import Foundation
import WeatherCore

/// Reads a state file written by any weatherd of schema version 1: unknown fields are ignored, optional
/// ones may be missing. Anything else is a ``StateDecodingError``.
public enum StateDecoder {
    /// Decodes `data`.
    public static func decode(_ data: Data) throws(StateDecodingError) -> StateSnapshot {
        let file: StateFileDTO
        do {
            file = try JSONDecoder().decode(StateFileDTO.self, from: data)
        } catch let error as DecodingError {
            throw StateDecodingError(message: Self.describe(error))
        } catch {
            throw StateDecodingError(message: "not valid JSON")
        }
        guard file.schema_version == StateSnapshot.currentSchemaVersion else {
            throw StateDecodingError(message: "unsupported schema_version \(file.schema_version)")
        }
        return try file.snapshot()
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "top level" : String(keys.dropFirst(keys.hasPrefix(".") ? 1 : 0))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing key \(parent == "top level" ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context))"
        @unknown default:
            return "invalid state file"
        }
    }
}

/// Why a state file could not be read.
public struct StateDecodingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "missing key generated_at".
    public var message: String
    /// The message.
    public var description: String { message }
}

// The file's shape, for decoding only. Names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct StateFileDTO: Decodable {
    var schema_version: Int
    var generated_at: String
    var daemon: DaemonDTO
    var current_location: String?
    var rotation_index: Int?
    var locations: [LocationDTO]

    struct DaemonDTO: Decodable {
        var pid: Int
        var version: String
        var started_at: String
        var interval_seconds: Double
        var timeout_seconds: Double?
        var stale_after_seconds: Double?
        var ticks: Int
        var ticks_skipped: Int
        var ticks_from_cache: Int?
        var fetches_ok: Int
        var fetches_failed: Int
        var backoff_until: String?
    }

    struct LocationDTO: Decodable {
        var id: String
        var name: String
        var latitude: Double?
        var longitude: Double?
        var status: LocationStatus
        var fetched_at: String?
        var weather: WeatherDTO?
        var last_error: ErrorDTO?
    }

    struct WeatherDTO: Decodable {
        var observed_at: String
        var utc_offset_seconds: Int?
        var temperature: Double?
        var apparent_temperature: Double?
        var relative_humidity: Double?
        var precipitation: Double?
        var cloud_cover: Double?
        var wind_speed: Double?
        var wind_direction: Double?
        var wind_gusts: Double?
        var is_day: Bool?
        var wmo_code: Int?
        var units: UnitsDTO?
    }

    struct UnitsDTO: Decodable {
        var temperature: String?
        var wind_speed: String?
        var precipitation: String?
    }

    struct ErrorDTO: Decodable {
        var kind: FetchErrorKind
        var message: String
        var http_status: Int?
        var at: String
    }

    func snapshot() throws(StateDecodingError) -> StateSnapshot {
        let daemonInfo = DaemonInfo(
            pid: daemon.pid,
            version: daemon.version,
            startedAt: try time(daemon.started_at, "daemon.started_at"),
            intervalSeconds: daemon.interval_seconds,
            timeoutSeconds: daemon.timeout_seconds ?? 5,
            staleAfterSeconds: daemon.stale_after_seconds ?? 1800,
            ticks: daemon.ticks,
            ticksSkipped: daemon.ticks_skipped,
            fetchesOK: daemon.fetches_ok,
            fetchesFailed: daemon.fetches_failed,
            ticksFromCache: daemon.ticks_from_cache ?? 0,
            backoffUntil: try daemon.backoff_until.map { (text) throws(StateDecodingError) in
                try time(text, "daemon.backoff_until")
            }
        )
        var entries: [LocationState] = []
        for (index, entry) in locations.enumerated() {
            entries.append(try entry.state(path: "locations[\(index)]"))
        }
        return StateSnapshot(
            schemaVersion: schema_version,
            generatedAt: try time(generated_at, "generated_at"),
            daemon: daemonInfo,
            currentLocation: current_location,
            rotationIndex: rotation_index,
            locations: entries
        )
    }
}

extension StateFileDTO.LocationDTO {
    fileprivate func state(path: String) throws(StateDecodingError) -> LocationState {
        var decodedWeather: Weather?
        if let weather {
            let units = Units(
                temperature: TemperatureUnit.allCases.first { $0.symbol == weather.units?.temperature } ?? .celsius,
                windSpeed: WindSpeedUnit.allCases.first { $0.symbol == weather.units?.wind_speed } ?? .kmh,
                precipitation: PrecipitationUnit.allCases.first { $0.symbol == weather.units?.precipitation } ?? .mm
            )
            decodedWeather = Weather(
                observedAt: try time(weather.observed_at, "\(path).weather.observed_at"),
                utcOffsetSeconds: weather.utc_offset_seconds,
                temperature: weather.temperature,
                apparentTemperature: weather.apparent_temperature,
                relativeHumidity: weather.relative_humidity,
                precipitation: weather.precipitation,
                cloudCover: weather.cloud_cover,
                windSpeed: weather.wind_speed,
                windDirection: weather.wind_direction,
                windGusts: weather.wind_gusts,
                isDay: weather.is_day,
                code: weather.wmo_code.map(WMOCode.init),
                units: units
            )
        }
        var record: ErrorRecord?
        if let last_error {
            record = ErrorRecord(
                kind: last_error.kind,
                message: last_error.message,
                httpStatus: last_error.http_status,
                at: try time(last_error.at, "\(path).last_error.at")
            )
        }
        return LocationState(
            location: latitude.flatMap { latitude in
                longitude.map { Location(id: id, name: name, latitude: latitude, longitude: $0) }
            } ?? Location(id: id, name: name, countryCode: nil),
            status: status,
            fetchedAt: try fetched_at.map { (text) throws(StateDecodingError) in
                try time(text, "\(path).fetched_at")
            },
            weather: decodedWeather,
            lastError: record
        )
    }
}

private func time(_ text: String, _ key: String) throws(StateDecodingError) -> Timestamp {
    guard let timestamp = Timestamp(rfc3339: text) else {
        throw StateDecodingError(message: "\(key) is not an RFC 3339 time: \(text)")
    }
    return timestamp
}
