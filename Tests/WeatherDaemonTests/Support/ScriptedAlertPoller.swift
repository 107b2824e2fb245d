import Synchronization
import WeatherCore

/// An `AlertPolling` double: each location's current list of warnings (the whole list a source answers),
/// or the failure its next polls end in; records every poll's feed key.
final class ScriptedAlertPoller: AlertPolling {
    private struct State {
        var lists: [String: [Alert]] = [:]
        var failures: [String: [FetchError]] = [:]
        var polls: [String] = []
    }

    private let state = Mutex(State())

    /// The feed keys polled, in order.
    var polls: [String] { state.withLock { $0.polls } }

    /// From now on, the source lists `alerts` for the location of `id`.
    func list(_ id: String, _ alerts: [Alert]) {
        state.withLock { $0.lists[id] = alerts }
    }

    /// The next polls of the feed of the location of `id` fail with these errors, in order.
    func fail(_ id: String, _ errors: FetchError...) {
        state.withLock { $0.failures[id, default: []].append(contentsOf: errors) }
    }

    func poll(_ order: AlertPollOrder) async -> AlertPollOutcome {
        state.withLock { state in
            state.polls.append(order.feed.key)
            let first = order.feed.members[0].locationID
            if var failures = state.failures[first], !failures.isEmpty {
                let error = failures.removeFirst()
                state.failures[first] = failures
                return AlertPollOutcome(.failed(error))
            }
            var lists: [String: [Alert]] = [:]
            for member in order.feed.members { lists[member.locationID] = state.lists[member.locationID] ?? [] }
            return AlertPollOutcome(.answered(lists))
        }
    }
}
