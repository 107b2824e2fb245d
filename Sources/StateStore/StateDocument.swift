import WeatherCore

// The state file's JSON shape (docs/state-file.md, schema_version 1): one Codable type, written by StateEncoder and
// read by StateDecoder, so the format is spelled once. Names follow the JSON keys. Keys whose readers
// expect `null` when there is no value are `@Nullable`; weather values the API did not send, and fields
// added after the first release (optional when reading older files), are left out when absent.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct StateDocument: Codable, Sendable {
    var schema_version: Int
    var generated_at: String
    var daemon: Daemon
    @Nullable var current_location: String?
    @Nullable var rotation_index: Int?
    var locations: [LocationEntry]

    struct Daemon: Codable, Sendable {
        var pid: Int
        var version: String
        var started_at: String
        var stopped_at: String?
        var interval_seconds: Double
        var timeout_seconds: Double?
        var stale_after_seconds: Double?
        var refresh: String?
        var ticks: Int
        var ticks_fetched: Int?
        var ticks_skipped: Int
        var ticks_from_cache: Int?
        var ticks_missed: Int?
        var fetches_ok: Int
        var fetches_failed: Int
        var requests: Int?
        @Nullable var backoff_until: String?
        @Nullable var backoff_cause: String?
        var cache_file: String?
        var quota: Quota?
        var api_clock_offset_seconds: Double?
        var api_clock_samples: [Double]?
        var display: DisplayEntry?
        var rain_episodes: [String]?
        var source_requests: [String: Int]?
    }

    struct Quota: Codable, Sendable {
        var minute: Window
        var hour: Window
        var day: Window
    }

    struct Window: Codable, Sendable {
        var used: Double
        var limit: Double
        var resets_at: String
    }

    struct LocationEntry: Codable, Sendable {
        var id: String
        var name: String
        @Nullable var latitude: Double?
        @Nullable var longitude: Double?
        var status: LocationStatus
        @Nullable var fetched_at: String?
        @Nullable var next_refresh_at: String?
        @Nullable var weather: WeatherEntry?
        @Nullable var today: DayEntry?
        @Nullable var forecast: ForecastEntry?
        @Nullable var nowcast: NowcastEntry?
        @Nullable var last_error: ErrorEntry?
        var consecutive_failures: Int?
        @Nullable var alerts: AlertsEntry?
        @Nullable var air: AirEntry?
        var source: WeatherSource?
        var fallback_since: String?
        var first_source_retry_at: String?
        var source_pause: SourcePauseEntry?
        var elevation: Double?
    }

    /// A source that refused the location, and until when it is not asked.
    struct SourcePauseEntry: Codable, Sendable {
        var source: WeatherSource
        var until: String
    }

    struct WeatherEntry: Codable, Sendable {
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
        var pressure: Double?
        var is_day: Bool?
        var wmo_code: Int?
        var condition: WeatherCondition?
        var category: WeatherCategory?
        var description: String?
        var data_interval_seconds: Double?
        var units: UnitsEntry?
        var valid_until: String?
        var last_modified: String?
    }

    struct UnitsEntry: Codable, Sendable {
        var temperature: String?
        var wind_speed: String?
        var precipitation: String?
    }

    struct ErrorEntry: Codable, Sendable {
        var kind: FetchErrorKind
        var message: String
        @Nullable var http_status: Int?
        var at: String
    }
}

// The decoding side of StateDocument, written out (here, beside the synthesized coding keys) so that a reader can leave the blocks of the locations
// it does not show undecoded (ForecastSelection); the encoding side is synthesized.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema_version = try container.decode(Int.self, forKey: .schema_version)
        generated_at = try container.decode(String.self, forKey: .generated_at)
        daemon = try container.decode(Daemon.self, forKey: .daemon)
        let currentLocation = try container.decode(Nullable<String>.self, forKey: .current_location)
        _current_location = currentLocation
        _rotation_index = try container.decode(Nullable<Int>.self, forKey: .rotation_index)
        let selection = decoder.userInfo[ForecastSelection.key] as? ForecastSelection ?? .all
        // The location a reader shows: the current one, else the first (no current location, or one that
        // names none of the entries, as after a reload removed it). Known before the entries are decoded,
        // so that only its blocks are.
        let focus = selection.needsFocus ? try Self.focus(container, current: currentLocation.wrappedValue) : nil
        var list = try container.nestedUnkeyedContainer(forKey: .locations)
        var entries: [LocationEntry] = []
        while !list.isAtEnd {
            entries.append(
                try LocationEntry(from: try list.superDecoder()) { selection.wants($0, focus: focus) }
            )
        }
        locations = entries
    }

    private enum IDKey: String, CodingKey { case id }

    /// `current` when an entry has that id, else the first entry's id; the ids alone are read (an entry
    /// that is not an object, or has no id, is left to the full decoding to report).
    private static func focus(_ container: KeyedDecodingContainer<CodingKeys>, current: String?) throws -> String? {
        var list = try container.nestedUnkeyedContainer(forKey: .locations)
        var first: String?
        while !list.isAtEnd {
            guard let entry = try? list.nestedContainer(keyedBy: IDKey.self) else { break }
            guard let id = try? entry.decode(String.self, forKey: .id) else { continue }
            if id == current { return id }
            if first == nil { first = id }
        }
        return first
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.LocationEntry {
    init(from decoder: any Decoder) throws {
        try self.init(from: decoder) { _ in true }
    }

    /// The entry, with its `forecast` and `nowcast` only when `wanted` says so for its id.
    init(from decoder: any Decoder, forecastWanted wanted: (String) -> Bool) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        _latitude = try container.decode(Nullable<Double>.self, forKey: .latitude)
        _longitude = try container.decode(Nullable<Double>.self, forKey: .longitude)
        status = try container.decode(LocationStatus.self, forKey: .status)
        _fetched_at = try container.decode(Nullable<String>.self, forKey: .fetched_at)
        _next_refresh_at = try container.decode(Nullable<String>.self, forKey: .next_refresh_at)
        _weather = try container.decode(Nullable<StateDocument.WeatherEntry>.self, forKey: .weather)
        _today = try container.decode(Nullable<StateDocument.DayEntry>.self, forKey: .today)
        if wanted(id) {
            _forecast = try container.decode(Nullable<StateDocument.ForecastEntry>.self, forKey: .forecast)
            _nowcast = try container.decode(Nullable<StateDocument.NowcastEntry>.self, forKey: .nowcast)
        } else {
            _forecast = Nullable(wrappedValue: nil)
            _nowcast = Nullable(wrappedValue: nil)
        }
        _last_error = try container.decode(Nullable<StateDocument.ErrorEntry>.self, forKey: .last_error)
        consecutive_failures = try container.decodeIfPresent(Int.self, forKey: .consecutive_failures)
        // Added with the official warnings: absent in older files.
        _alerts = try container.decode(Nullable<StateDocument.AlertsEntry>.self, forKey: .alerts)
        // Added with the air quality: absent in older files.
        _air = try container.decode(Nullable<StateDocument.AirEntry>.self, forKey: .air)
        // Added with the second source: absent in older files; a source this version does not know is none.
        source = (try? container.decodeIfPresent(String.self, forKey: .source)).flatMap {
            $0.flatMap(WeatherSource.init)
        }
        fallback_since = try container.decodeIfPresent(String.self, forKey: .fallback_since)
        first_source_retry_at = try container.decodeIfPresent(String.self, forKey: .first_source_retry_at)
        source_pause = try? container.decodeIfPresent(StateDocument.SourcePauseEntry.self, forKey: .source_pause)
        elevation = try container.decodeIfPresent(Double.self, forKey: .elevation)
    }
}
