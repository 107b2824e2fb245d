import WeatherCore

// MET Norway's Locationforecast 2.0 `compact` answer as far as weatherd reads it; private to this target and
// filled by LocationforecastReader. Names follow the JSON keys; a missing member or `null` is nil. Only the
// members weatherd uses are kept: `meta`, the units and `next_12_hours`' details are skipped. Every number
// is read as a Double: MET writes all of them with a decimal point (`0.0`, `94.0`).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct LocationforecastDTO {
    var geometry: Geometry?
    var properties: Properties?

    /// `{"type":"Point","coordinates":[lon,lat,altitude]}`: the altitude echoes the one asked for, else MET's
    /// own terrain height.
    struct Geometry {
        var coordinates: [Double]?
    }

    struct Properties {
        var timeseries: [Step]?
    }

    /// One time step: hourly, then 6-hourly; every period object is optional. Its time is read as it is
    /// read: `YYYY-MM-DDThh:mm:ssZ`.
    struct Step {
        var time: Timestamp
        var data: StepData?
    }

    struct StepData {
        var instant: Instant?
        var next_1_hours: Period?
        var next_6_hours: Period?
        var next_12_hours: Period?
    }

    struct Instant {
        var details: InstantDetails?
    }

    /// The six values of compact's `instant.details`, in MET's units: hPa, °C, %, %, degrees, m/s.
    struct InstantDetails {
        var air_pressure_at_sea_level: Double?
        var air_temperature: Double?
        var cloud_area_fraction: Double?
        var relative_humidity: Double?
        var wind_from_direction: Double?
        var wind_speed: Double?
    }

    /// A period from the step's time on: its symbol and, except for 12 hours, its precipitation (mm).
    struct Period {
        var summary: Summary?
        var details: PeriodDetails?
    }

    struct Summary {
        var symbol_code: String?
    }

    struct PeriodDetails {
        var precipitation_amount: Double?
    }
}
