extension StateSnapshot {
    /// The scale the daemon reads air quality indices on (`air_quality.index`, written with its display
    /// settings); European for a file of a version before it.
    public var airQualityScale: AirQualityScale {
        daemon.display?.airQualityScale ?? .european
    }
}
