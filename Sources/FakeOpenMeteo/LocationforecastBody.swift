/// The body of ``LocationforecastRoute``: MET Norway's Locationforecast 2.0 `compact` answer for a point,
/// in MET's wire shape (one line; the key order of MET's recordings, sorted inside `units`, `details` and
/// `data`; every value written with a decimal point). Its steps start at the current hour: hourly up to
/// 23:00Z of the day after tomorrow, then 6-hourly at 00, 06, 12 and 18Z up to 18:00Z ten days after the
/// first; a period object appears where MET's would (see ``periods(at:hourlyEnd:last:)``).
///
/// The values follow ``SyntheticWeather`` for the place, as the Open-Meteo look-alike's do: the same
/// temperature swing and the same rain (90 minutes of every 3 hours); the symbol comes from the period's
/// rain and the place's weather code (``symbol(millimetres:hours:code:at:longitude:)``).
enum LocationforecastBody {
    /// The length of a step of the hourly part, and of the shortest period.
    static let hour = 3600

    /// The answer for the point at `now` (seconds since the epoch on the server's clock); `altitude` is the
    /// third coordinate, `updatedAt` the model run's time (`meta.updated_at`).
    static func text(latitude: Double, longitude: Double, altitude: Int, now: Int, updatedAt: Int) -> String {
        let code = FakeOpenMeteoServer.weatherCode(forLatitude: latitude)
        let weather = SyntheticWeather(latitude: latitude, longitude: longitude, weatherCode: code)
        let first = SyntheticWeather.floorDivision(now, hour) * hour
        let hourlyEnd = (SyntheticWeather.floorDivision(first, 86_400) + 3) * 86_400
        let last = hourlyEnd + 7 * 86_400 + 18 * hour
        var times = Array(stride(from: first, to: hourlyEnd, by: hour))
        times += stride(from: hourlyEnd, through: last, by: 6 * hour)

        var text = #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
        text += JSONText.number(longitude, decimals: 4) + "," + JSONText.number(latitude, decimals: 4)
        text += ",\(altitude)]},"
        text += #""properties":{"meta":{"updated_at":"# + JSONText.string(HTTPDateText.rfc3339(Double(updatedAt)))
        text += #","units":{"air_pressure_at_sea_level":"hPa","air_temperature":"celsius","#
        text += #""cloud_area_fraction":"%","precipitation_amount":"mm","relative_humidity":"%","#
        text += #""wind_from_direction":"degrees","wind_speed":"m/s"}},"timeseries":["#
        for (index, time) in times.enumerated() {
            if index > 0 { text += "," }
            text += #"{"time":"# + JSONText.string(HTTPDateText.rfc3339(Double(time))) + #","data":{"#
            text += instant(weather, at: time, hourly: time < hourlyEnd, latitude: latitude, longitude: longitude)
            for hours in periods(at: time, hourlyEnd: hourlyEnd, last: last) {
                text += "," + period(hours: hours, at: time, code: code, latitude: latitude, longitude: longitude)
            }
            text += "}}"
        }
        return text + "]}}"
    }

    /// The periods a step at `time` has, in hours, in MET's key order (`next_12_hours`, `next_1_hours`,
    /// `next_6_hours`): an hourly step has its next hour, and a longer period that ends by the end of the
    /// hourly part or starts on a 6-hour boundary; a 6-hourly step its 6 and 12 hours; no period runs past
    /// the last step (the second-to-last step has 6 hours only, the last none).
    static func periods(at time: Int, hourlyEnd: Int, last: Int) -> [Int] {
        let hourly = time < hourlyEnd
        let longer = [12, 6].filter { hours in
            let end = time + hours * hour
            return end <= last && (!hourly || end <= hourlyEnd || time % (6 * hour) == 0)
        }
        return hourly ? [12, 1, 6].filter { $0 == 1 || longer.contains($0) } : longer
    }

    private static func instant(
        _ weather: SyntheticWeather,
        at time: Int,
        hourly: Bool,
        latitude: Double,
        longitude: Double
    ) -> String {
        // Whole degrees in the hourly part, tenths in the 6-hourly one, as in MET's recordings.
        let direction = Double(weather.windDirection) + (hourly ? 0 : 0.4)
        let pressure = 1000.4 + Double(Int(abs(latitude * 13 + longitude * 7)) % 30)
        let values = [
            ("air_pressure_at_sea_level", pressure),
            ("air_temperature", weather.temperatureCelsius(at: time, longitude: longitude)),
            ("cloud_area_fraction", Double(weather.cloudCover)),
            ("relative_humidity", Double(weather.relativeHumidity)),
            ("wind_from_direction", direction),
            ("wind_speed", weather.windSpeedKmh / 3.6),
        ]
        let details = values.map { JSONText.string($0.0) + ":" + JSONText.fixed($0.1, decimals: 1) }
        return #""instant":{"details":{"# + details.joined(separator: ",") + "}}"
    }

    /// `"next_6_hours":{"summary":{"symbol_code":…},"details":{"precipitation_amount":…}}`; the 12 hours'
    /// details are empty, as in compact.
    private static func period(hours: Int, at time: Int, code: Int, latitude: Double, longitude: Double) -> String {
        let millimetres = (1...hours).reduce(0.0) { sum, hour in
            sum
                + SyntheticWeather.hourMillimetres(
                    latitude: latitude,
                    longitude: longitude,
                    at: time + hour * Self.hour
                )
        }
        let symbol = symbol(millimetres: millimetres, hours: hours, code: code, at: time, longitude: longitude)
        let details =
            hours == 12 ? "{}" : #"{"precipitation_amount":"# + JSONText.fixed(millimetres, decimals: 1) + "}"
        return #""next_\#(hours)_hours":{"summary":{"symbol_code":"# + JSONText.string(symbol) + #"},"details":"#
            + details + "}"
    }

    /// A MET symbol for a period of `hours` with `millimetres` of precipitation: wet (0.1 mm or more), the
    /// place's kind of precipitation (snow, sleet for the freezing codes, showers, rain with thunder, else
    /// rain), light below 1 mm an hour and heavy from 4; dry, the place's sky (clear, fair, partly cloudy,
    /// fog, else cloudy). The names MET gives a suffix get `_day` or `_night` by the sun at the period's start.
    static func symbol(millimetres: Double, hours: Int, code: Int, at time: Int, longitude: Double) -> String {
        let base: String
        let suffixed: Bool
        if millimetres >= 0.1 {
            let rate = millimetres / Double(hours)
            let intensity = rate < 1 ? "light" : rate < 4 ? "" : "heavy"
            switch code {
            case 71...77, 85, 86: (base, suffixed) = (intensity + "snow", false)
            case 56, 57, 66, 67: (base, suffixed) = (intensity + "sleet", false)
            case 80...82: (base, suffixed) = (intensity + "rainshowers", true)
            case 95...99: (base, suffixed) = (intensity + "rainandthunder", false)
            default: (base, suffixed) = (intensity + "rain", false)
            }
        } else {
            switch code {
            case 0: (base, suffixed) = ("clearsky", true)
            case 1: (base, suffixed) = ("fair", true)
            case 2: (base, suffixed) = ("partlycloudy", true)
            case 45, 48: (base, suffixed) = ("fog", false)
            default: (base, suffixed) = ("cloudy", false)
            }
        }
        guard suffixed else { return base }
        return base + (SyntheticWeather.isDay(utc: time, longitude: longitude) ? "_day" : "_night")
    }
}
