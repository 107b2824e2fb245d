import AsyncHTTPClient
import Synchronization
import WeatherCore

/// Requests as first made, sent again at the next fetch of the same key. A request's URL and headers
/// depend on the location and settings only, and building it (the URL, then the client parsing it with
/// `URL(string:)`, and `URLComponents` once more for the path) at every fetch cost 88,000 of 986,000
/// instructions an Open-Meteo fetch (callgrind, 200 fetches at 10 ms, before and after).
///
/// At most ``limit`` are kept: a location's settings can change with a reload, and a client lives as long as
/// the configuration's API settings; past that many the requests are made anew. Behind a lock, not in the
/// loop's state: a request is made where its fetch runs, in a child task on NIO's event loop, and the loop
/// knows locations, not HTTP requests. The lock is held for one lookup, and after a miss once more for the
/// insert: the request is made outside it, and nothing slow runs under it.
package final class PreparedRequests<Key: Hashable & Sendable>: Sendable {
    /// How many requests are kept at most.
    package static var limit: Int { 64 }

    private let storage = Mutex<[Key: HTTPClient.Request]>([:])

    /// An empty store.
    package init() {}

    /// The request of `key`: the one made before, or the one `make` makes, kept.
    package func request(
        for key: Key,
        make: () throws(FetchError) -> HTTPClient.Request
    ) throws(FetchError) -> HTTPClient.Request {
        if let made = storage.withLock({ $0[key] }) { return made }
        let made = try make()
        storage.withLock { requests in
            if requests.count >= Self.limit { requests.removeAll() }
            requests[key] = made
        }
        return made
    }
}
