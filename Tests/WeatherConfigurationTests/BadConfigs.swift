import Testing

/// One configuration that must be rejected, and the error it must give.
struct BadConfig: Sendable, CustomTestStringConvertible {
    var label: String
    var yaml: String
    var keyPath: String
    var line: Int?
    /// The exact message, or (with `exact == false`) a prefix of it.
    var message: String
    var exact = true

    var testDescription: String { label }
}

extension BadConfig {
    /// One location, for configurations that add more.
    static let berlin = """
        locations:
          - name: Berlin
            latitude: 52.52
            longitude: 13.41

        """

    /// The configurations `ConfigParser` must reject, each with its error.
    static let all: [BadConfig] = [
        BadConfig(
            label: "YAML syntax error",
            yaml: "interval: 10s\n  timeout: 5s\n",
            keyPath: "",
            line: 2,
            message: "invalid YAML: mapping values are not allowed in this context",
            exact: false
        ),
        BadConfig(
            label: "tab indentation",
            yaml: "interval: 10s\n\ttimeout: 5s\n",
            keyPath: "",
            line: 2,
            message: "invalid YAML: found a tab character that violates indentation",
            exact: false
        ),
        BadConfig(
            label: "not a mapping at the top",
            yaml: "- interval\n- timeout\n",
            keyPath: "",
            line: 1,
            message: "the file must be a mapping of keys"
        ),
        BadConfig(
            label: "unknown top-level key",
            yaml: "interval: 10s\nintervall: 5s\n",
            keyPath: "intervall",
            line: 2,
            message: "unknown key"
        ),
        BadConfig(
            label: "unknown key api.base_urll",
            yaml: "api:\n  base_urll: https://example.com\n",
            keyPath: "api.base_urll",
            line: 2,
            message: "unknown key"
        ),
        BadConfig(
            label: "unknown key units.temp",
            yaml: "units:\n  wind_speed: kmh\n  temp: celsius\n",
            keyPath: "units.temp",
            line: 3,
            message: "unknown key"
        ),
        BadConfig(
            label: "unknown key locations[0].lat",
            yaml: "locations:\n  - name: Berlin\n    lat: 52.52\n    longitude: 13.41\n",
            keyPath: "locations[0].lat",
            line: 3,
            message: "unknown key"
        ),
        BadConfig(
            label: "interval: [1]",
            yaml: "interval: [1]\n",
            keyPath: "interval",
            line: 1,
            message: "must be a duration"
        ),
        BadConfig(
            label: "latitude: \"abc\"",
            yaml: "locations:\n  - name: Berlin\n    latitude: \"abc\"\n    longitude: 13.41\n",
            keyPath: "locations[0].latitude",
            line: 3,
            message: "must be a number, got \"abc\""
        ),
        BadConfig(
            label: "latitude: \"52.5\" (a quoted string)",
            yaml: "locations:\n  - name: Berlin\n    latitude: \"52.5\"\n    longitude: 13.41\n",
            keyPath: "locations[0].latitude",
            line: 3,
            message: "must be a number, got \"52.5\""
        ),
        BadConfig(
            label: "latitude: [52]",
            yaml: "locations:\n  - name: Berlin\n    latitude: [52]\n    longitude: 13.41\n",
            keyPath: "locations[0].latitude",
            line: 3,
            message: "must be a number"
        ),
        BadConfig(
            label: "locations: {}",
            yaml: "interval: 10s\nlocations: {}\n",
            keyPath: "locations",
            line: 2,
            message: "must be a list of locations"
        ),
        BadConfig(
            label: "a location that is not a mapping",
            yaml: "locations:\n  - Berlin\n",
            keyPath: "locations[0]",
            line: 2,
            message: "must be a mapping"
        ),
        BadConfig(
            label: "latitude 91",
            yaml: "locations:\n  - name: Berlin\n    latitude: 91\n    longitude: 13.41\n",
            keyPath: "locations[0].latitude",
            line: 3,
            message: "must be between -90 and 90, got 91"
        ),
        BadConfig(
            label: "latitude -90.5",
            yaml: berlin + "  - name: South\n    latitude: -90.5\n    longitude: 0\n",
            keyPath: "locations[1].latitude",
            line: 6,
            message: "must be between -90 and 90, got -90.5"
        ),
        BadConfig(
            label: "longitude 181",
            yaml: "locations:\n  - name: Berlin\n    latitude: 52.52\n    longitude: 181\n",
            keyPath: "locations[0].longitude",
            line: 4,
            message: "must be between -180 and 180, got 181"
        ),
        BadConfig(
            label: "interval 0",
            yaml: "interval: 0\n",
            keyPath: "interval",
            line: 1,
            message: "must be greater than 0"
        ),
        BadConfig(
            label: "interval 0s",
            yaml: "timeout: 5s\ninterval: 0s\n",
            keyPath: "interval",
            line: 2,
            message: "must be greater than 0"
        ),
        BadConfig(
            label: "interval -5s",
            yaml: "interval: -5s\n",
            keyPath: "interval",
            line: 1,
            message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"-5s\""
        ),
        BadConfig(
            label: "interval abc",
            yaml: "interval: abc\n",
            keyPath: "interval",
            line: 1,
            message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"abc\""
        ),
        BadConfig(
            label: "interval longer than ten years (no overflow)",
            yaml: "interval: 99999999999999999999\n",
            keyPath: "interval",
            line: 1,
            message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"99999999999999999999\""
        ),
        BadConfig(
            label: "timeout 0",
            yaml: "interval: 10s\ntimeout: 0\n",
            keyPath: "timeout",
            line: 2,
            message: "must be greater than 0"
        ),
        BadConfig(
            label: "stale_after 0ms",
            yaml: "stale_after: 0ms\n",
            keyPath: "stale_after",
            line: 1,
            message: "must be greater than 0"
        ),
        BadConfig(
            label: "empty id",
            yaml: "locations:\n  - id: \"\"\n    name: Berlin\n    latitude: 52.52\n    longitude: 13.41\n",
            keyPath: "locations[0].id",
            line: 2,
            message: "must not be empty"
        ),
        BadConfig(
            label: "duplicate explicit ids",
            yaml: berlin + "  - id: berlin\n    name: Berlin Mitte\n    latitude: 52.52\n    longitude: 13.40\n",
            keyPath: "locations[1].id",
            line: 5,
            message: "duplicate id \"berlin\""
        ),
        BadConfig(
            label: "duplicate derived ids (two Berlin)",
            yaml: berlin + "  - name: Berlin\n    latitude: 52.5\n    longitude: 13.4\n",
            keyPath: "locations[1].id",
            line: 5,
            message: "duplicate id \"berlin\""
        ),
        BadConfig(
            label: "a name that yields no id",
            yaml: "locations:\n  - name: \"!!!\"\n    latitude: 52.52\n    longitude: 13.41\n",
            keyPath: "locations[0].id",
            line: 2,
            message: "the name \"!!!\" gives no id; set one ([a-z0-9-])"
        ),
        BadConfig(
            label: "a location without a name",
            yaml: "locations:\n  - id: x\n    latitude: 52.52\n    longitude: 13.41\n",
            keyPath: "locations[0].name",
            line: 2,
            message: "a location needs a non-empty name"
        ),
        BadConfig(
            label: "a location without longitude",
            yaml: "locations:\n  - name: Berlin\n    latitude: 52.52\n",
            keyPath: "locations[0]",
            line: 2,
            message: "\"Berlin\" needs both latitude and longitude, or neither (resolved by name)"
        ),
        BadConfig(
            label: "a three-letter country code",
            yaml: "locations:\n  - name: Paris\n    country_code: FRA\n",
            keyPath: "locations[0].country_code",
            line: 3,
            message: "must be a two-letter country code, got \"FRA\""
        ),
        BadConfig(
            label: "base_url ftp://x",
            yaml: "api:\n  base_url: ftp://x\n",
            keyPath: "api.base_url",
            line: 2,
            message: "must be an http:// or https:// URL, got \"ftp://x\""
        ),
        BadConfig(
            label: "base_url not a url",
            yaml: "api:\n  base_url: not a url\n",
            keyPath: "api.base_url",
            line: 2,
            message: "must be an http:// or https:// URL, got \"not a url\""
        ),
        BadConfig(
            label: "geocoding_url without a host",
            yaml: "api:\n  geocoding_url: \"http://\"\n",
            keyPath: "api.geocoding_url",
            line: 2,
            message: "has no host: \"http://\""
        ),
        BadConfig(
            label: "base_url with a query",
            yaml: "api:\n  base_url: https://example.com/?a=1\n",
            keyPath: "api.base_url",
            line: 2,
            message: "must not contain a query or fragment"
        ),
        BadConfig(
            label: "locations: []",
            yaml: "interval: 10s\nlocations: []\n",
            keyPath: "locations",
            line: 2,
            message: "at least one location is required"
        ),
        BadConfig(
            label: "temperature: kelvin",
            yaml: "units:\n  temperature: kelvin\n",
            keyPath: "units.temperature",
            line: 2,
            message: "must be one of celsius, fahrenheit, got \"kelvin\""
        ),
        BadConfig(
            label: "wind_speed: knots",
            yaml: "units:\n  wind_speed: knots\n",
            keyPath: "units.wind_speed",
            line: 2,
            message: "must be one of kmh, ms, mph, kn, got \"knots\""
        ),
        BadConfig(
            label: "duplicate YAML keys",
            yaml: "interval: 10s\ntimeout: 5s\ninterval: 20s\n",
            keyPath: "interval",
            line: 1,
            message: "duplicate key"
        ),
    ]
}
