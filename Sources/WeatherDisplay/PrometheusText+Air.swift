import WeatherCore

/// The air quality's series (docs/air.md): per location with air, both indices by scale, the UV index, the
/// pollutants and the pollen by plant, and the hour they describe. Pollutants are in grams per cubic metre,
/// the base unit promtool asks for (`micrograms` is refused as "use base unit grams"), as precipitation is
/// in metres.
extension PrometheusText {
    static func airFamilies(_ snapshot: StateSnapshot) -> [Family] {
        var index = Family.gauge(
            "weatherd_air_quality_index",
            help: "The location's air quality index on each scale (european: EEA, us: EPA)."
        )
        var uv = Family.gauge("weatherd_uv_index", help: "The UV index of the location's current hour.")
        var pollutant = Family.gauge(
            "weatherd_air_pollutant_grams_per_cubic_metre",
            help: "A pollutant's concentration at the location.",
            scale: 1e12
        )
        var pollen = Family.gauge(
            "weatherd_pollen_grains_per_cubic_metre",
            help: "A plant's pollen at the location; absent where the model has none (outside Europe)."
        )
        var hour = Family.gauge(
            "weatherd_air_quality_timestamp_seconds",
            help: "The hour the location's air quality values describe (Unix time)."
        )
        for entry in snapshot.locations {
            guard let air = entry.air else { continue }
            let location = ("location", entry.location.id)
            for scale in AirQualityScale.allCases {
                if let value = scale.index(of: air) {
                    index.samples.append(([location, ("scale", scale.rawValue)], Double(value)))
                }
            }
            if let value = air.uvIndex { uv.samples.append(([location], value)) }
            for (name, micrograms) in air.concentrations {
                pollutant.samples.append(([location, ("pollutant", name.rawValue)], micrograms / 1e6))
            }
            for plant in Pollen.Plant.allCases {
                if let grains = air.pollen[plant] {
                    pollen.samples.append(([location, ("plant", plant.rawValue)], grains))
                }
            }
            hour.samples.append(([location], air.time.secondsSinceEpoch))
        }
        return [index, uv, pollutant, pollen, hour]
    }
}
