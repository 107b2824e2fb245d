import Synchronization
import WeatherCore
import WeatherTestSupport

/// A `WeatherProviding` double with scripted answers per location id. Without a script a location gets
/// ``ScriptedProvider/defaultWeather``, observed at the start of the clock's current 15 minutes when a
/// clock is given.
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

    /// One request as the provider saw it.
    struct Call: Sendable, Equatable {
        var id: String
        var blocks: ForecastBlocks
        /// Whether the day's outlook was asked for.
        var includingToday: Bool { blocks.days != nil }
    }

    private struct State {
        var scripts: [String: [Step]] = [:]
        var calls: [Call] = []
        var cancelledCalls: [String] = []
        var wetFromStep: Int?
        var droppedBlocks: [String] = []
    }

    private let state = Mutex(State())
    private let clock: TestClock?

    init(clock: TestClock? = nil) {
        self.clock = clock
    }

    /// Berlin's weather of docs/state-file.md: 2.0 °C, Slight rain, observed 2026-11-22T04:00:00Z.
    static let defaultWeather = Weather.berlin(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!)

    /// The weather answered without a script: ``defaultWeather`` observed at the start of the clock's
    /// current 15 minutes.
    var currentWeather: Weather {
        var weather = Self.defaultWeather
        if let now = clock?.now {
            weather.observedAt = Timestamp(secondsSinceEpoch: (now.secondsSinceEpoch / 900).rounded(.down) * 900)
        }
        return weather
    }

    /// From now on, answers a nowcast wet from its step `step` on (nil: dry).
    func rain(fromStep step: Int?) {
        state.withLock { $0.wetFromStep = step }
    }

    /// From now on, answers with these sentences of blocks dropped as bad input.
    func dropBlocks(_ sentences: [String]) {
        state.withLock { $0.droppedBlocks = sentences }
    }

    /// Location ids in the order they were asked for.
    var calls: [String] { state.withLock { $0.calls.map(\.id) } }
    /// Every request, with whether it asked for the day's outlook.
    var requests: [Call] { state.withLock { $0.calls } }
    /// Location ids whose blocked fetch saw its task cancelled.
    var cancelledCalls: [String] { state.withLock { $0.cancelledCalls } }

    /// Appends steps for `id`; each call consumes one.
    func script(_ id: String, _ steps: Step...) {
        state.withLock { $0.scripts[id, default: []].append(contentsOf: steps) }
    }

    func forecast(_ query: ForecastQuery) async throws(FetchError) -> ForecastAnswer {
        .forecast(try await forecast(at: query.location, units: query.units, blocks: query.blocks))
    }

    func forecast(at location: Location, units: Units, blocks: ForecastBlocks) async throws(FetchError) -> Forecast {
        let step = state.withLock { state -> Step? in
            state.calls.append(Call(id: location.id, blocks: blocks))
            guard var steps = state.scripts[location.id], !steps.isEmpty else { return nil }
            let step = steps.removeFirst()
            state.scripts[location.id] = steps
            return step
        }
        let weather: Weather
        switch step {
        case nil:
            weather = currentWeather
        case .weather(let scripted):
            weather = scripted
        case .failure(let error):
            throw error
        case .blocked(let gate, let then):
            await gate.wait()
            weather = try then.get()
        case .cancellable(let gate, let then):
            await gate.waitCancellably()
            if Task.isCancelled {
                state.withLock { $0.cancelledCalls.append(location.id) }
                throw FetchError(kind: .network, message: "cancelled")
            }
            weather = try then.get()
        }
        let (wetFromStep, dropped) = state.withLock { ($0.wetFromStep, $0.droppedBlocks) }
        var forecast = Forecast.synthetic(weather, blocks: blocks, wetFromStep: wetFromStep)
        forecast.droppedBlocks = dropped
        return forecast
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
