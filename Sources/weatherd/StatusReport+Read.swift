import ArgumentParser
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

    /// The state file at `path` without forecast blocks, for a monitoring plugin of its own named `plugin`
    /// (`ALERTS`, `AIR`); when it cannot be read, the plugin's UNKNOWN line (`[]` for `json`) is printed and
    /// the command ends with exit status 3.
    static func readForPlugin(_ path: String, plugin: String, json: Bool) throws -> StateSnapshot {
        switch read(path, forecasts: .only([], current: false)) {
        case .success(let snapshot):
            return snapshot
        case .failure(let error):
            print(json ? "[]" : CommandText.unreadableStateFile(plugin: plugin, path: path, error: error))
            throw ExitCode(3)
        }
    }

    /// The first of `caches` that exists.
    static func existingCache(_ caches: [String]) -> String? {
        caches.first { access($0, F_OK) == 0 }
    }
}
