import WeatherCore

extension Alert.Source {
    /// The conformance that asks the source.
    public var alertSource: any AlertSource {
        switch self {
        case .nws: NWSAlertSource()
        case .metno: MetNorwayAlertSource()
        case .dwd: BrightSkyAlertSource()
        case .meteoalarm: MeteoAlarmAlertSource()
        }
    }
}
