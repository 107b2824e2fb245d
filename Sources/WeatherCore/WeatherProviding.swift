/// Fetches the current weather of one location. The production implementation talks to Open-Meteo;
/// tests use doubles. Implementations throw only ``FetchError``.
public protocol WeatherProviding: Sendable {
    /// Fetches the current weather of `location` in `units`.
    func currentWeather(at location: Location, units: Units) async throws(FetchError) -> Weather

    /// Starts fetching the current weather of `location` in `units` and calls `completion` exactly
    /// once, on any thread (possibly before returning). `handle` cancels the fetch.
    ///
    /// The daemon uses this form: an implementation that completes from its own I/O thread spares
    /// every tick the hops through Swift's task executor. The default runs ``currentWeather(at:units:)``
    /// in a task.
    func fetchCurrentWeather(
        at location: Location,
        units: Units,
        handle: FetchHandle,
        completion: @escaping @Sendable (Result<Weather, FetchError>) -> Void
    )
}

extension WeatherProviding {
    /// Runs ``currentWeather(at:units:)`` in a task that `handle` cancels.
    public func fetchCurrentWeather(
        at location: Location,
        units: Units,
        handle: FetchHandle,
        completion: @escaping @Sendable (Result<Weather, FetchError>) -> Void
    ) {
        let task = Task {
            do throws(FetchError) {
                completion(.success(try await currentWeather(at: location, units: units)))
            } catch {
                completion(.failure(error))
            }
        }
        handle.onCancel { task.cancel() }
    }
}
