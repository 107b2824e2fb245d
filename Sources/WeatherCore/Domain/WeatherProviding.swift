/// Fetches the forecast of one location. The production implementation talks to Open-Meteo; tests use
/// doubles. Implementations throw only ``FetchError`` and end soon when their task is cancelled.
public protocol WeatherProviding: Sendable {
    /// The current weather of `location` in `units`, with the forecast `blocks` (docs/forecast.md).
    func forecast(at location: Location, units: Units, blocks: ForecastBlocks) async throws(FetchError) -> Forecast
}
