/// Builds `/v1/forecast` bodies in the exact field order Open-Meteo uses with `timeformat=unixtime`.
extension FakeResponse {
    /// The known WMO weather codes, in the order ``FakeOpenMeteoServer/realistic`` cycles through them.
    public static let wmoCodes = [
        0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
    ]

    /// A one-line forecast body with `current_units` and `current`, like Open-Meteo's `current=` answer,
    /// and with `daily_units` and `daily` (one day) when `daily` is true.
    ///
    /// Unit parameters take Open-Meteo's symbols (`°C`/`°F`, `km/h`/`m/s`/`mp/h`/`kn`, `mm`/`inch`); the query
    /// names (`fahrenheit`, `mph`, ...) are accepted too. Values are derived from the coordinates and the weather
    /// code and converted to the units: temperature is `30 - |latitude| / 3` °C. Timezone is GMT, offset 0.
    /// `interval` is `current.interval` (Open-Meteo: 900); `time` should be a multiple of it.
    public static func forecastBody(
        latitude: Double,
        longitude: Double,
        weatherCode: Int,
        temperatureUnit: String,
        windSpeedUnit: String,
        precipitationUnit: String,
        time: Int,
        isDay: Bool,
        interval: Int = 900,
        daily: Bool = false
    ) -> String {
        let temperature = TemperatureUnit(nameOrSymbol: temperatureUnit) ?? .celsius
        let wind = WindSpeedUnit(nameOrSymbol: windSpeedUnit) ?? .kmh
        let precipitation = PrecipitationUnit(nameOrSymbol: precipitationUnit) ?? .mm
        let weather = SyntheticWeather(latitude: latitude, longitude: longitude, weatherCode: weatherCode)

        let units = [
            ("time", "unixtime"), ("interval", "seconds"),
            ("temperature_2m", temperature.symbol), ("apparent_temperature", temperature.symbol),
            ("relative_humidity_2m", "%"), ("is_day", ""), ("precipitation", precipitation.symbol),
            ("weather_code", "wmo code"), ("cloud_cover", "%"),
            ("wind_speed_10m", wind.symbol), ("wind_direction_10m", "°"), ("wind_gusts_10m", wind.symbol),
        ].map { JSONText.string($0.0) + ":" + JSONText.string($0.1) }

        let current = [
            ("time", String(time)), ("interval", String(interval)),
            ("temperature_2m", JSONText.number(temperature.convert(celsius: weather.temperatureCelsius))),
            ("apparent_temperature", JSONText.number(temperature.convert(celsius: weather.apparentCelsius))),
            ("relative_humidity_2m", String(weather.relativeHumidity)),
            ("is_day", isDay ? "1" : "0"),
            (
                "precipitation",
                JSONText.number(
                    precipitation.convert(millimetres: weather.precipitationMillimetres),
                    decimals: precipitation.decimals
                )
            ),
            ("weather_code", String(weatherCode)),
            ("cloud_cover", String(weather.cloudCover)),
            ("wind_speed_10m", JSONText.number(wind.convert(kmh: weather.windSpeedKmh))),
            ("wind_direction_10m", String(weather.windDirection)),
            ("wind_gusts_10m", JSONText.number(wind.convert(kmh: weather.windGustsKmh))),
        ].map { JSONText.string($0.0) + ":" + $0.1 }

        var body =
            "{\"latitude\":\(JSONText.coordinate(latitude)),\"longitude\":\(JSONText.coordinate(longitude)),"
            + "\"generationtime_ms\":0.0718832015991211,\"utc_offset_seconds\":0,\"timezone\":\"GMT\","
            + "\"timezone_abbreviation\":\"GMT\",\"elevation\":\(JSONText.number(weather.elevation)),"
            + "\"current_units\":{\(units.joined(separator: ","))},"
            + "\"current\":{\(current.joined(separator: ","))}"
        if daily {
            body +=
                "," + dailyBlock(latitude: latitude, weather: weather, code: weatherCode, time: time, unit: temperature)
        }
        return body + "}"
    }

    /// `daily_units` and `daily` for `forecast_days=1`: the GMT day of `time`, a high 4 °C above the
    /// current temperature and a low 3 °C below it, sunrise at 07:00 and sunset at 16:00 GMT; no sunrise
    /// and no sunset (null) beyond 70° of latitude, as in polar night.
    private static func dailyBlock(
        latitude: Double,
        weather: SyntheticWeather,
        code: Int,
        time: Int,
        unit: TemperatureUnit
    ) -> String {
        let midnight = time - ((time % 86_400) + 86_400) % 86_400
        let polar = abs(latitude) > 70
        let units = [
            ("time", "unixtime"), ("weather_code", "wmo code"), ("temperature_2m_max", unit.symbol),
            ("temperature_2m_min", unit.symbol), ("precipitation_probability_max", "%"), ("sunrise", "unixtime"),
            ("sunset", "unixtime"),
        ].map { JSONText.string($0.0) + ":" + JSONText.string($0.1) }
        let values = [
            ("time", String(midnight)), ("weather_code", String(code)),
            ("temperature_2m_max", JSONText.number(unit.convert(celsius: weather.temperatureCelsius + 4))),
            ("temperature_2m_min", JSONText.number(unit.convert(celsius: weather.temperatureCelsius - 3))),
            ("precipitation_probability_max", weather.precipitationMillimetres > 0 ? "80" : "null"),
            ("sunrise", polar ? "null" : String(midnight + 7 * 3600)),
            ("sunset", polar ? "null" : String(midnight + 16 * 3600)),
        ].map { JSONText.string($0.0) + ":[" + $0.1 + "]" }
        return "\"daily_units\":{\(units.joined(separator: ","))},\"daily\":{\(values.joined(separator: ","))}"
    }
}
