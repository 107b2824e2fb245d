import Foundation
import Synchronization
import WeatherCore
import WeatherTestSupport

/// A `WeatherProviding` double with scripted answers per location id. Without a script a location gets
/// ``ScriptedProvider/defaultWeather``.
final class ScriptedProvider: WeatherProviding {
    enum Step: Sendable {
        /// Answer with this weather.
        case weather(Weather)
        /// Fail with this error.
        case failure(FetchError)
        /// Block until the gate opens (ignoring cancellation), then run `then`.
        case blocked(Gate, then: Result<Weather, FetchError>)
        /// Block until the gate opens or the fetch task is cancelled; a cancelled fetch fails with a
        /// `network` error "cancelled".
        case cancellable(Gate, then: Result<Weather, FetchError>)
    }

    private struct State {
        var scripts: [String: [Step]] = [:]
        var calls: [String] = []
        var cancelledCalls: [String] = []
    }

    private let state = Mutex(State())

    /// Berlin's weather of SPEC §6: 2.0 °C, Slight rain.
    static let defaultWeather = Weather.berlin(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!)

    /// Location ids in the order they were asked for.
    var calls: [String] { state.withLock { $0.calls } }
    /// Location ids whose blocked fetch saw its task cancelled.
    var cancelledCalls: [String] { state.withLock { $0.cancelledCalls } }

    /// Appends steps for `id`; each call consumes one.
    func script(_ id: String, _ steps: Step...) {
        state.withLock { $0.scripts[id, default: []].append(contentsOf: steps) }
    }

    func currentWeather(at location: Location, units: Units) async throws(FetchError) -> Weather {
        let step = state.withLock { state -> Step? in
            state.calls.append(location.id)
            guard var steps = state.scripts[location.id], !steps.isEmpty else { return nil }
            let step = steps.removeFirst()
            state.scripts[location.id] = steps
            return step
        }
        switch step {
        case nil:
            return Self.defaultWeather
        case .weather(let weather):
            return weather
        case .failure(let error):
            throw error
        case .blocked(let gate, let then):
            await gate.wait()
            return try then.get()
        case .cancellable(let gate, let then):
            await gate.waitCancellably()
            if Task.isCancelled {
                state.withLock { $0.cancelledCalls.append(location.id) }
                throw FetchError(kind: .network, message: "cancelled")
            }
            return try then.get()
        }
    }

    /// Waits (at most `timeout`) until `count` calls were made; returns whether they were.
    @discardableResult
    func waitForCalls(_ count: Int, timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if calls.count >= count { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return calls.count >= count
    }
}
