import WeatherCore

extension Alert.Source {
    /// The conformance that asks the source, for texts in `language` where the source offers it.
    public func alertSource(language: Language) -> any AlertSource {
        switch self {
        case .nws: NWSAlertSource()
        case .metno: MetNorwayAlertSource(language: language)
        case .dwd: BrightSkyAlertSource(language: language)
        case .meteoalarm: MeteoAlarmAlertSource(language: language)
        }
    }
}
