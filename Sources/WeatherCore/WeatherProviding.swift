/// Fetches the current weather of one location. The production implementation talks to Open-Meteo;
/// tests use doubles. Implementations throw only ``FetchError``.
public protocol WeatherProviding: Sendable {
    /// Fetches the current weather of `location` in `units`.
    func currentWeather(at location: Location, units: Units) async throws(FetchError) -> Weather
}
