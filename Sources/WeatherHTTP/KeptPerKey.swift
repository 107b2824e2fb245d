import AsyncHTTPClient
import Synchronization
import WeatherCore

/// Values kept per key across a client's fetches, at most ``limit`` of them: past that many they are all
/// dropped and made anew (a location's settings can change with a reload, and a client lives as long as the
/// configuration's API settings).
///
/// Its uses:
/// - each request as first made, sent again at the next fetch of the same key (``PreparedRequests``). A
///   request's URL and headers depend on the location and settings only, and building it (the URL, then
///   the client parsing it with `URL(string:)`, and `URLComponents` once more for the path) at every fetch
///   cost 88,000 of 986,000 instructions an Open-Meteo fetch (callgrind, 200 fetches at 10 ms, before and
///   after);
/// - MET Norway's last answer per URL, which a 304 means "use your copy" of (`MetNorwayClient`).
///
/// Behind a lock, not in the loop's state: a value is made and used where its fetch runs, in a child task on
/// NIO's event loop, and the loop knows locations, not HTTP requests. The lock is held for one lookup, and
/// for one insert: a value is made outside it, and nothing slow runs under it.
package final class KeptPerKey<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How many values are kept at most.
    package static var limit: Int { 64 }

    private let storage = Mutex<[Key: Value]>([:])

    /// An empty store.
    package init() {}

    /// The value of `key`, if one is kept.
    package func value(for key: Key) -> Value? {
        storage.withLock { $0[key] }
    }

    /// Keeps `value` as the one of `key`.
    package func keep(_ value: Value, for key: Key) {
        storage.withLock { values in
            if values.count >= Self.limit, values[key] == nil { values.removeAll() }
            values[key] = value
        }
    }

    /// The value of `key`: the one kept, or the one `make` makes, kept.
    package func value(for key: Key, make: () throws(FetchError) -> Value) throws(FetchError) -> Value {
        if let kept = value(for: key) { return kept }
        let made = try make()
        keep(made, for: key)
        return made
    }
}

/// Each request as first made, per key (its location and settings).
package typealias PreparedRequests<Key: Hashable & Sendable> = KeptPerKey<Key, HTTPClient.Request>
