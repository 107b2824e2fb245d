import Logging
import StateStore
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// Drives a ``WeatherLoop`` value as its runner would, synchronously and without I/O: each event is handed
/// over with the driver's clock; what the loop asks for is recorded, and what would end later (a fetch, an
/// alert poll, a durable write) ends right after the event's own effects, answered from scripts, unless a
/// test holds it. So a behaviour reads as a table: events in, effects out (``summaries``).
///
/// Unless a test says otherwise: Berlin, London and New York every 10 s, `refresh: every_tick` (each tick a
/// fetch, answered by its location's script), Open-Meteo alone (no failover), no quota limits (a base URL
/// that is not the public host), alerts off, a cache, no watchdog.
struct LoopDriver {
    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
    static let newYork = Location(name: "New York", latitude: 40.7128, longitude: -74.006)
    static let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)
    static let version = "0.1.0-test"
    static let pid = 4242
    static let startTime = Timestamp(rfc3339: "2026-11-22T04:05:06Z")!
    static let files = DaemonFiles(stateFile: "/run/weatherd/state.json", cacheFile: "/var/lib/weatherd/cache.json")

    /// One scripted answer of a fetch.
    enum Answer {
        /// This weather (as a synthetic forecast of the blocks asked for).
        case weather(Weather)
        /// This failure.
        case failure(FetchError)
        /// This whole answer.
        case answer(ForecastAnswer)
        /// MET Norway's answer: the current weather, holding for `expiresIn` seconds, last modified as given;
        /// `notModified`: a 304.
        case metNorway(expiresIn: Double, lastModified: String, notModified: Bool = false)
        /// No answer until ``answerHeld(_:)``.
        case held
    }

    /// One scripted answer of an air quality request.
    enum AirAnswer {
        /// This air.
        case air(AirQuality)
        /// This failure.
        case failure(FetchError)
        /// No answer until ``answerHeldAir(_:)``.
        case held
    }

    var loop: WeatherLoop
    private(set) var configuration: Configuration
    /// Each location's next air quality answers, by id; without one, ``currentAir``.
    var airScripts: [String: [AirAnswer]] = [:]
    /// The air quality requests asked for, in order.
    private(set) var airFetches: [AirOrder] = []
    /// Air quality requests waiting for ``answerHeldAir(_:)``.
    private(set) var heldAirFetches: [AirOrder] = []
    /// The clocks, moved on only by the test.
    var now = Moment(wall: LoopDriver.startTime, uptime: 1000)
    /// Each location's next answers, by id; without one, ``currentWeather``.
    var scripts: [String: [Answer]] = [:]
    /// The API's clock minus the host's: every answer carries it as the sample of its `Date` when set, and the
    /// data periods of ``currentWeather`` follow it.
    var apiSkew: Double?
    /// How long a data period of ``currentWeather`` lasts, in seconds (`current.interval`).
    var dataInterval: Double = 900
    /// The nowcast answered is wet from this step on (nil: dry).
    var rainFromStep: Int?
    /// Sentences of blocks dropped as bad input, in every answer.
    var droppedBlocks: [String] = []
    /// How long each fetch takes.
    var fetchTime: Duration = .milliseconds(120)
    /// The alert sources' answers, by the first member location of a feed (default: all clear).
    var alertAnswers: [String: [AlertPollOutcome.Result]] = [:]
    /// Each location's warnings, answered by every poll without a scripted answer.
    var alertLists: [String: [Alert]] = [:]
    /// The places the geocoder knows, by name; a name not here is not found.
    var places: [String: Place] = [:]
    /// The names the geocoder was asked, in order.
    private(set) var geocoded: [String] = []
    /// What every durable write ends with (nil: written).
    var writeError: FileSystemError?
    /// Whether durable writes wait for ``endWrites()`` instead of ending after the event.
    var holdWrites = false
    /// Every effect so far, in order.
    private(set) var effects: [WeatherLoop.Effect] = []
    /// The fetches asked for, in order.
    private(set) var fetches: [FetchOrder] = []
    /// The alert polls asked for, in order.
    private(set) var polls: [AlertPollOrder] = []
    /// Fetches waiting for ``answerHeld(_:)``.
    private(set) var heldFetches: [FetchOrder] = []
    /// Durable writes waiting for ``endWrites()``.
    private(set) var heldWrites: [DurableFile] = []
    /// Ends that come after the effects of the event being handled, in order.
    private var later: [WeatherLoop.Event] = []

    init(
        locations: [Location] = [berlin, london, newYork],
        interval: Duration = .seconds(10),
        refresh: RefreshPolicy = .everyTick,
        files: DaemonFiles = LoopDriver.files,
        watchdog: Duration? = nil,
        seed: UInt64 = 42,
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        var configuration = Configuration()
        configuration.locations = locations
        configuration.interval = interval
        configuration.refresh = refresh
        configuration.api.baseURL = "http://127.0.0.1:9"
        configuration.alerts.enabled = false
        configuration.sources = [.openMeteo]
        configure(&configuration)
        self.configuration = configuration
        let identity = WeatherLoop.Identity(
            pid: Self.pid,
            version: Self.version,
            files: files,
            watchdogTimeout: watchdog
        )
        loop = WeatherLoop(configuration: configuration, identity: identity, seed: seed)
    }

    // MARK: - Events

    /// Hands `event` to the loop now, then the ends it starts (and theirs); returns every effect, in order.
    @discardableResult
    mutating func send(_ event: WeatherLoop.Event) -> [WeatherLoop.Effect] {
        var all: [WeatherLoop.Effect] = []
        later.append(event)
        while !later.isEmpty {
            let next = later.removeFirst()
            let effects = loop.handle(next, at: now)
            self.effects += effects
            all += effects
            for effect in effects { carryOut(effect) }
        }
        return all
    }

    /// The start, with what the previous run left.
    @discardableResult
    mutating func start(_ previous: PreviousRun = PreviousRun()) -> [WeatherLoop.Effect] {
        send(.start(previous))
    }

    /// One tick (the first tick comes at once after the start, as the timer's does).
    @discardableResult
    mutating func tick(missed: Int = 0) -> [WeatherLoop.Effect] {
        send(.tick(missed: missed))
    }

    /// `seconds` later, one tick.
    @discardableResult
    mutating func advanceAndTick(seconds: Double = 10) -> [WeatherLoop.Effect] {
        advance(seconds: seconds)
        return tick()
    }

    /// Both clocks `seconds` on.
    mutating func advance(seconds: Double) {
        now = now.adding(seconds: seconds)
    }

    /// SIGHUP with `configuration` read.
    @discardableResult
    mutating func reload(_ configuration: Configuration) -> [WeatherLoop.Effect] {
        self.configuration = configuration
        return send(.reload(.success(configuration)))
    }

    /// Ends the held fetch of the location `id` (the first held, when nil) with `answer`.
    @discardableResult
    mutating func answerHeld(_ id: String? = nil, with answer: Answer? = nil) -> [WeatherLoop.Effect] {
        guard let index = heldFetches.firstIndex(where: { id == nil || $0.location.id == id }) else { return [] }
        let order = heldFetches.remove(at: index)
        return send(.fetched(order, outcome(of: order, answer: answer ?? .weather(currentWeather))))
    }

    /// Ends the held air quality request of the location `id` (the first held, when nil) with `answer`.
    @discardableResult
    mutating func answerHeldAir(_ id: String? = nil, with answer: AirAnswer? = nil) -> [WeatherLoop.Effect] {
        guard let index = heldAirFetches.firstIndex(where: { id == nil || $0.location.id == id }) else { return [] }
        let order = heldAirFetches.remove(at: index)
        return send(.airFetched(order, airResult(answer ?? .air(currentAir)), elapsed: fetchTime))
    }

    /// The air answered without a script: Berlin's documented air, for the current hour.
    var currentAir: AirQuality {
        var air = AirQuality.berlin
        air.time = Timestamp(secondsSinceEpoch: (now.wall.secondsSinceEpoch / 3600).rounded(.down) * 3600)
        return air
    }

    private func airResult(_ answer: AirAnswer) -> Result<AirQualityAnswer, FetchError> {
        switch answer {
        case .air(let air): .success(AirQualityAnswer(airQuality: air, dataInterval: 3600))
        case .failure(let error): .failure(error)
        case .held: .failure(FetchError(kind: .network, message: "held"))
        }
    }

    /// Ends the held durable writes, in order, with ``writeError``.
    @discardableResult
    mutating func endWrites() -> [WeatherLoop.Effect] {
        let files = heldWrites
        heldWrites.removeAll()
        var all: [WeatherLoop.Effect] = []
        for file in files { all += send(.written(file, writeError)) }
        return all
    }

    /// The weather answered without a script: Berlin's, observed at the start of the current data period (15
    /// minutes unless ``dataInterval`` says otherwise) on the API's clock.
    var currentWeather: Weather {
        let apiNow = now.wall.secondsSinceEpoch + (apiSkew ?? 0)
        var weather = Weather.berlin(
            observedAt: Timestamp(secondsSinceEpoch: (apiNow / dataInterval).rounded(.down) * dataInterval)
        )
        weather.dataInterval = dataInterval
        return weather
    }

    /// Appends answers to the script of `id`; each fetch of it takes one.
    mutating func script(_ id: String, _ answers: Answer...) {
        scripts[id, default: []] += answers
    }

    // MARK: - What the runner would do

    private mutating func carryOut(_ effect: WeatherLoop.Effect) {
        switch effect {
        case .fetch(let order):
            fetches.append(order)
            if order.geocode {
                geocoded.append(order.location.name)
                guard places[order.location.name] != nil else {
                    let error = FetchError(kind: .notFound, message: "no place named \"\(order.location.name)\"")
                    later.append(
                        .fetched(order, FetchOutcome(result: .failure(error), forecastSent: false, elapsed: fetchTime))
                    )
                    return
                }
            }
            var answers = scripts[order.location.id] ?? []
            let answer = answers.isEmpty ? Answer.weather(currentWeather) : answers.removeFirst()
            scripts[order.location.id] = answers
            if case .held = answer {
                heldFetches.append(order)
            } else {
                later.append(.fetched(order, outcome(of: order, answer: answer)))
            }
        case .fetchAir(let order):
            airFetches.append(order)
            var answers = airScripts[order.location.id] ?? []
            let answer = answers.isEmpty ? AirAnswer.air(currentAir) : answers.removeFirst()
            airScripts[order.location.id] = answers
            if case .held = answer {
                heldAirFetches.append(order)
            } else {
                later.append(.airFetched(order, airResult(answer), elapsed: fetchTime))
            }
        case .poll(let order):
            polls.append(order)
            later.append(.polled(order, AlertPollOutcome(alertAnswer(for: order))))
        case .write(let content):
            if holdWrites {
                heldWrites.append(content.file)
            } else {
                later.append(.written(content.file, writeError))
            }
        case .cancelRequests:
            for order in heldFetches {
                let cancelled = FetchError(kind: .network, message: "cancelled")
                later.append(.fetched(order, FetchOutcome(result: .failure(cancelled), elapsed: .zero)))
            }
            heldFetches.removeAll()
            for order in heldAirFetches {
                let cancelled = FetchError(kind: .network, message: "cancelled")
                later.append(.airFetched(order, .failure(cancelled), elapsed: .zero))
            }
            heldAirFetches.removeAll()
        case .startTicks, .startWatchdog, .stopTimers, .log, .notify, .publish, .linkPreviousStateFile, .finished:
            break
        }
    }

    private func outcome(of order: FetchOrder, answer: Answer) -> FetchOutcome {
        let result: Result<ForecastAnswer, FetchError>
        switch answer {
        case .weather(let weather):
            var forecast = Forecast.synthetic(weather, blocks: order.blocks, wetFromStep: rainFromStep)
            forecast.droppedBlocks = droppedBlocks
            result = .success(.forecast(forecast))
        case .failure(let error): result = .failure(error)
        case .answer(let answer): result = .success(answer)
        case .metNorway(let expiresIn, let lastModified, let notModified):
            let validity = AnswerValidity(expires: now.wall.adding(seconds: expiresIn), lastModified: lastModified)
            if notModified {
                result = .success(.notModified(validity, apiClockSample: 0))
            } else {
                var weather = currentWeather
                weather.dataInterval = 3600
                weather.utcOffsetSeconds = order.utcOffsetSeconds
                var forecast = Forecast.synthetic(weather, blocks: order.blocks)
                forecast.source = .metNorway
                forecast.validity = validity
                forecast.apiClockSample = 0
                result = .success(.forecast(forecast))
            }
        case .held: result = .failure(FetchError(kind: .network, message: "held"))
        }
        let place = order.geocode ? places[order.location.name] : nil
        return FetchOutcome(result: result, place: place, elapsed: fetchTime, apiClockSample: apiSkew)
    }

    private mutating func alertAnswer(for order: AlertPollOrder) -> AlertPollOutcome.Result {
        let first = order.feed.members[0].locationID
        if var answers = alertAnswers[first], !answers.isEmpty {
            let answer = answers.removeFirst()
            alertAnswers[first] = answers
            return answer
        }
        var lists: [String: [Alert]] = [:]
        for member in order.feed.members { lists[member.locationID] = alertLists[member.locationID] ?? [] }
        return .answered(lists)
    }

    // MARK: - What came out

    /// One journal entry.
    struct Entry: Equatable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata

        /// A field's value, as the journal gets it.
        subscript(_ key: String) -> String? { metadata[key].map { "\($0)" } }
    }

    /// Every journal entry so far.
    var entries: [Entry] { Self.entries(in: effects) }

    /// The journal entries among `effects`.
    static func entries(in effects: [WeatherLoop.Effect]) -> [Entry] {
        effects.compactMap { effect in
            guard case .log(let level, let message, let metadata) = effect else { return nil }
            return Entry(level: level, message: message, metadata: metadata)
        }
    }

    /// The state file as last published.
    var published: StateSnapshot? {
        effects.lazy.reversed().compactMap { effect -> StateSnapshot? in
            if case .publish(let snapshot, _) = effect { snapshot } else { nil }
        }.first
    }

    /// The notifications so far.
    var notifications: [ServiceNotification] {
        effects.compactMap { effect in if case .notify(let notification) = effect { notification } else { nil } }
    }

    /// Each effect in a word or a line (``summary(_:)``).
    static func summaries(_ effects: [WeatherLoop.Effect]) -> [String] {
        effects.map(summary)
    }

    /// An effect as a table row shows it: `fetch berlin`, `publish: STATUS`, `info: Berlin: 2.0 °C, Slight
    /// rain`, `write cache`, …
    static func summary(_ effect: WeatherLoop.Effect) -> String {
        switch effect {
        case .startTicks(let interval): "ticks every \(interval.seconds) s"
        case .startWatchdog(let interval): "watchdog every \(interval.seconds) s"
        case .stopTimers: "stop timers"
        case .log(let level, let message, _): "\(level): \(message)"
        case .notify(.ready(let status)): "READY: \(status)"
        case .notify(.status(let status)): "STATUS: \(status)"
        case .notify(.watchdog): "WATCHDOG"
        case .notify(.stopping): "STOPPING"
        case .notify(.reloading): "RELOADING"
        case .publish(_, let status): status.map { "publish: \($0)" } ?? "publish final"
        case .write(let content): "write \(content.file)"
        case .linkPreviousStateFile(let path): "link \(path)"
        case .fetch(let order): "fetch \(order.location.id)"
        case .fetchAir(let order): "fetch air \(order.location.id)"
        case .poll(let order): "poll \(order.feed.key)"
        case .cancelRequests: "cancel requests"
        case .finished: "finished"
        }
    }
}
