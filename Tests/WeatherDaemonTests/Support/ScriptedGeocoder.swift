import Synchronization
import WeatherCore

/// A `GeocodingProviding` double: known places by name, everything else `not_found`; records every query.
final class ScriptedGeocoder: GeocodingProviding {
    private struct State {
        var places: [String: Place] = [:]
        var failures: [String: [FetchError]] = [:]
        var queries: [String] = []
    }

    private let state = Mutex(State())

    init(_ places: [String: Place] = [:]) {
        state.withLock { $0.places = places }
    }

    /// "name|country" of every query, in order.
    var queries: [String] { state.withLock { $0.queries } }

    /// The next queries for `name` fail with these errors, in order.
    func fail(_ name: String, _ errors: FetchError...) {
        state.withLock { $0.failures[name, default: []].append(contentsOf: errors) }
    }

    func place(named name: String, countryCode: String?) async throws(FetchError) -> Place {
        let outcome = state.withLock { state -> Result<Place, FetchError> in
            state.queries.append(name + "|" + (countryCode ?? ""))
            if var failures = state.failures[name], !failures.isEmpty {
                let error = failures.removeFirst()
                state.failures[name] = failures
                return .failure(error)
            }
            guard let place = state.places[name] else {
                return .failure(FetchError(kind: .notFound, message: "no place named \"\(name)\""))
            }
            return .success(place)
        }
        return try outcome.get()
    }
}
