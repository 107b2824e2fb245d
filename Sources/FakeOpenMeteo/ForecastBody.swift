/// Builds `/v1/forecast` bodies in the exact field order Open-Meteo uses with `timeformat=unixtime`.
extension FakeResponse {
    /// The known WMO weather codes, in the order ``FakeOpenMeteoServer/realistic`` cycles through them.
    public static let wmoCodes = [
        0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
    ]

    /// A one-line forecast body with `current_units` and `current`, like Open-Meteo's `current=` answer,
    /// and with `daily_units` and `daily` (one day: `weather_code`, `temperature_2m_max`, `temperature_2m_min`,
    /// `precipitation_probability_max`, `sunrise`, `sunset`) when `daily` is true.
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
        let variables = [
            "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "sunrise",
            "sunset",
        ]
        let midnight = SyntheticWeather.floorDivision(time, 86_400) * 86_400
        let sections =
            daily ? [BlockSection(block: .daily, variables: variables, start: midnight, step: 86_400, count: 1)] : []
        return forecastBody(
            latitude: latitude,
            longitude: longitude,
            weatherCode: weatherCode,
            temperature: TemperatureUnit(nameOrSymbol: temperatureUnit) ?? .celsius,
            wind: WindSpeedUnit(nameOrSymbol: windSpeedUnit) ?? .kmh,
            precipitation: PrecipitationUnit(nameOrSymbol: precipitationUnit) ?? .mm,
            time: time,
            isDay: isDay,
            interval: interval,
            sections: sections
        )
    }

    /// The body with `sections` after `current` (see ``BlockWriter``), `fault` applied to those in `faulty`.
    static func forecastBody(
        latitude: Double,
        longitude: Double,
        weatherCode: Int,
        temperature: TemperatureUnit,
        wind: WindSpeedUnit,
        precipitation: PrecipitationUnit,
        time: Int,
        isDay: Bool,
        interval: Int,
        sections: [BlockSection],
        fault: BlockFault? = nil,
        faulty: Set<FakeForecastBlock> = Set(FakeForecastBlock.allCases)
    ) -> String {
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
                JSONText.fixed(
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
        let writer = BlockWriter(
            latitude: latitude,
            longitude: longitude,
            weather: weather,
            code: weatherCode,
            temperature: temperature,
            precipitation: precipitation
        )
        for section in sections {
            body += "," + writer.render(section, fault: faulty.contains(section.block) ? fault : nil)
        }
        return body + "}"
    }
}
