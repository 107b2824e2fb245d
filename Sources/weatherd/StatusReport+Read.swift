import StateStore
import WeatherCore
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// The file system side of `weatherd status`: reading the state file, looking for the daemon's cache.
extension StatusReport {
    /// The state file at `path`, with the forecast blocks `forecasts` selects, or why it cannot be read.
    static func read(_ path: String, forecasts: ForecastSelection = .all) -> Result<StateSnapshot, StateFileReadError> {
        Result { () throws(StateFileReadError) in try StateFile(path: path).read(forecasts: forecasts) }
    }

    /// The same, through `reader` (`status --follow`: only what changed since its previous read is decoded).
    static func read(
        _ path: String,
        with reader: inout StateReader,
        forecasts: ForecastSelection
    ) -> Result<StateSnapshot, StateFileReadError> {
        Result { () throws(StateFileReadError) in try StateFile(path: path).read(with: &reader, forecasts: forecasts) }
    }

    /// The first of `caches` that exists.
    static func existingCache(_ caches: [String]) -> String? {
        caches.first { access($0, F_OK) == 0 }
    }
}
