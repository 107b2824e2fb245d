import WeatherCore

// A location's `air` in the state file (docs/state-file.md, docs/air.md): the hour's indices, concentrations,
// UV and pollen as answered, and `index`, `level` and `pollutant` read on `scale`, the configured scale
// (`air_quality.index`). A value the API answered null is left out. Enumerations are read as strings: a
// level or a plant a newer version writes is no error for an older reader, which works the level out again
// from the index.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    struct AirEntry: Codable, Sendable {
        var european_aqi: Int?
        var index: Int?
        var level: String?
        var nitrogen_dioxide: Double?
        var ozone: Double?
        var pm10: Double?
        var pm2_5: Double?
        var pollen: [String: Double]?
        var pollutant: String?
        var scale: String
        var time: String
        var us_aqi: Int?
        var uv_index: Double?
        var uv_index_max: Double?
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.AirEntry {
    /// The entry of `air`, read on `scale`; non-finite numbers (which JSON cannot hold) left out.
    init(_ air: AirQuality, scale: AirQualityScale) {
        let reading = air.reading(on: scale)
        let pollen = air.pollen.compactMap { plant, grains in finite(grains).map { (plant.rawValue, $0) } }
        self.init(
            european_aqi: air.europeanAQI,
            index: reading?.index,
            level: reading?.level.rawValue,
            nitrogen_dioxide: finite(air.nitrogenDioxide),
            ozone: finite(air.ozone),
            pm10: finite(air.pm10),
            pm2_5: finite(air.pm2_5),
            pollen: pollen.isEmpty ? nil : Dictionary(uniqueKeysWithValues: pollen),
            pollutant: reading?.pollutant?.rawValue,
            scale: scale.rawValue,
            time: air.time.rfc3339,
            us_aqi: air.usAQI,
            uv_index: finite(air.uvIndex),
            uv_index_max: finite(air.uvIndexMax)
        )
    }

    /// The air quality this entry describes; `index`, `level` and `pollutant` follow from the rest.
    func air(path: String) throws(StateDecodingError) -> AirQuality {
        var pollenByPlant: [Pollen.Plant: Double] = [:]
        for (name, grains) in pollen ?? [:] {
            if let plant = Pollen.Plant(rawValue: name) { pollenByPlant[plant] = grains }
        }
        return AirQuality(
            time: try StateStore.time(time, "\(path).time"),
            europeanAQI: european_aqi,
            usAQI: us_aqi,
            pm2_5: pm2_5,
            pm10: pm10,
            ozone: ozone,
            nitrogenDioxide: nitrogen_dioxide,
            uvIndex: uv_index,
            uvIndexMax: uv_index_max,
            pollen: pollenByPlant
        )
    }

    /// Writes `"air":{…}`, keys sorted as `JSONEncoder` sorts them.
    func write(to json: inout JSONWriter) {
        json.beginObject("air")
        if let european_aqi { json.int("european_aqi", european_aqi) }
        if let index { json.int("index", index) }
        if let level { json.string("level", level) }
        if let nitrogen_dioxide { json.number("nitrogen_dioxide", nitrogen_dioxide) }
        if let ozone { json.number("ozone", ozone) }
        if let pm10 { json.number("pm10", pm10) }
        if let pm2_5 { json.number("pm2_5", pm2_5) }
        if let pollen {
            json.beginObject("pollen")
            for (plant, grains) in pollen.sorted(by: { $0.key < $1.key }) { json.number(named: plant, grains) }
            json.endObject()
        }
        if let pollutant { json.string("pollutant", pollutant) }
        json.string("scale", scale)
        json.string("time", time)
        if let us_aqi { json.int("us_aqi", us_aqi) }
        if let uv_index { json.number("uv_index", uv_index) }
        if let uv_index_max { json.number("uv_index_max", uv_index_max) }
        json.endObject()
    }
}

extension JSONWriter {
    /// `"air":{…}`: `air` as the state file writes it, read on `scale` (`weatherd air --format json`).
    public mutating func air(_ air: AirQuality, scale: AirQualityScale) {
        StateDocument.AirEntry(air, scale: scale).write(to: &self)
    }
}
