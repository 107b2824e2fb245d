import Synchronization
import WeatherCore
import WeatherTestSupport

/// A `WeatherProviding` double for the runner's wiring tests: answers every location with Berlin's weather
/// of docs/state-file.md (2.0 °C, Slight rain, observed 2026-11-22T04:00:00Z), with the blocks asked for,
/// and records the location ids asked for.
final class ScriptedProvider: WeatherProviding {
    private let asked = Mutex<[String]>([])

    /// Location ids in the order they were asked for.
    var calls: [String] { asked.withLock { $0 } }

    func forecast(_ query: ForecastQuery) async throws(FetchError) -> ForecastAnswer {
        asked.withLock { $0.append(query.location.id) }
        let weather = Weather.berlin(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!)
        return .forecast(Forecast.synthetic(weather, blocks: query.blocks))
    }
}
