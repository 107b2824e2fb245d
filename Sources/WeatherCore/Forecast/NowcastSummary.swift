/// The nowcast summed up relative to a moment (docs/forecast.md "Nowcast"): when the next rain (or snow) starts
/// and ends within the steps still coming, and what one short sentence says of it (``Sentence``: the words are
/// the reader's, made by WeatherDisplay; ``summary`` is the English one). Worked out anew at every write.
public struct NowcastSummary: Sendable, Hashable {
    /// When the first wet step's 15 minutes start (its time − 15 min); nil when every coming step is dry.
    public var rainStartsAt: Timestamp?
    /// When that rain ends: the end of the last wet step of its run; nil when it lasts past the steps.
    public var rainEndsAt: Timestamp?
    /// The precipitation of the first wet step, in millimetres.
    public var firstWetMillimetres: Double?
    /// Whether the hour the rain starts in is forecast as snow.
    public var isSnow: Bool
    /// What the sentence says, its durations already rounded.
    public var sentence: Sentence
    /// Wet now or within 30 minutes.
    public var isRainSoon: Bool

    /// A step is wet at this much precipitation or more, in millimetres.
    public static let wetMillimetres = 0.1
    /// "Rain soon": wet now or within this many seconds.
    public static let soonSeconds = 1800.0

    /// What the nowcast's sentence says: a duration in whole minutes (from an hour on, whole quarter hours), and
    /// whether it is the rain's (or snow's, ``isSnow``) or the dry weather's.
    public enum Sentence: Sendable, Hashable {
        /// `dry for 2 h`: every coming step is dry, to the end of the steps this far away.
        case dry(minutes: Int)
        /// `rain in 25 min`: the rain starts this far away.
        case startsIn(minutes: Int)
        /// `rain for the next 40 min`: it rains now and stops this far away.
        case endsIn(minutes: Int)
        /// `rain for 2 h`: it rains now and to the end of the steps, this far away.
        case lasts(minutes: Int)

        /// The duration it names, in minutes.
        public var minutes: Int {
            switch self {
            case .dry(let minutes), .startsIn(let minutes), .endsIn(let minutes), .lasts(let minutes): minutes
            }
        }
    }

    /// The sentence in English: `rain in 25 min`, `rain for the next 40 min`, `rain for 2 h`, `dry for 2 h`
    /// (the journal's `WEATHER_NOWCAST` field, whose values are never translated).
    public var summary: String {
        let word = isSnow ? "snow" : "rain"
        let duration = Self.text(minutes: sentence.minutes)
        switch sentence {
        case .dry: return "dry for " + duration
        case .startsIn: return "\(word) in " + duration
        case .endsIn: return "\(word) for the next " + duration
        case .lasts: return "\(word) for " + duration
        }
    }
}

extension NowcastSummary {
    /// The summary of `steps` at `now` (the API's clock), the values in `unit`; `hourly` tells rain
    /// from snow. Nil when no step is coming.
    public init?(
        steps: [NowcastStep],
        hourly: [HourForecast] = [],
        unit: PrecipitationUnit,
        at now: Timestamp
    ) {
        let toMillimetres = Self.millimetres(per: unit)
        func isWet(_ step: NowcastStep) -> Bool { Self.isWet(step, toMillimetres: toMillimetres) }
        let (coming, firstWet) = Self.comingAndFirstWet(steps, toMillimetres: toMillimetres, at: now)
        guard let last = coming.last else { return nil }
        guard let firstWet else {
            self.init(
                rainStartsAt: nil,
                rainEndsAt: nil,
                firstWetMillimetres: nil,
                isSnow: false,
                sentence: .dry(minutes: Self.windowMinutes(last.time.seconds(since: now))),
                isRainSoon: false
            )
            return
        }
        let startsAt = Self.start(of: coming[firstWet])
        var lastWet = firstWet
        while lastWet + 1 < coming.endIndex, isWet(coming[lastWet + 1]) { lastWet += 1 }
        let endsAt: Timestamp? = lastWet + 1 < coming.endIndex ? coming[lastWet].time : nil
        // The hour that holds the start (or now): hours begin at local whole hours, which are not UTC
        // whole hours where the offset has half or quarter hours (India, Nepal, Newfoundland).
        let startOrNow = max(startsAt, now)
        // A window of coming hours no longer holds the current one: then the next hour, whose precipitation
        // (the hour before its time) covers the start, tells, so writers and the journal agree.
        let hour =
            hourly.last { $0.time <= startOrNow && startOrNow.seconds(since: $0.time) < 3600 }
            ?? hourly.first { $0.time > startOrNow && $0.time.seconds(since: startOrNow) <= 3600 }
        let snow = hour?.code?.category == .snow
        let sentence: Sentence
        if startsAt <= now {
            if let endsAt {
                sentence = .endsIn(minutes: Self.minutes(endsAt.seconds(since: now)))
            } else {
                sentence = .lasts(minutes: Self.windowMinutes(last.time.seconds(since: now)))
            }
        } else {
            sentence = .startsIn(minutes: Self.minutes(startsAt.seconds(since: now)))
        }
        self.init(
            rainStartsAt: startsAt,
            rainEndsAt: endsAt,
            firstWetMillimetres: coming[firstWet].precipitation.map { $0 * toMillimetres },
            isSnow: snow,
            sentence: sentence,
            isRainSoon: Self.isSoon(startsAt, at: now)
        )
    }

    /// When the rain of the coming steps starts, without the rest of a summary.
    public enum RainStart: Sendable, Hashable {
        /// No step is coming: there is no summary.
        case noStepsComing
        /// Every coming step is dry.
        case dry
        /// The first wet step's 15 minutes start then (``rainStartsAt``).
        case at(Timestamp)
    }

    /// The ``rainStartsAt`` of the summary of `steps` at `now`, and whether there is one: what a tick asks
    /// of every location, without the sentence and the hour of rain or snow.
    public static func rainStart(of steps: [NowcastStep], unit: PrecipitationUnit, at now: Timestamp) -> RainStart {
        let (coming, firstWet) = comingAndFirstWet(steps, toMillimetres: millimetres(per: unit), at: now)
        guard !coming.isEmpty else { return .noStepsComing }
        guard let firstWet else { return .dry }
        return .at(start(of: coming[firstWet]))
    }

    /// The steps after `now` (``coming(_:after:)``) and the index among them of the first wet one, if any:
    /// where a summary and ``rainStart(of:unit:at:)`` both begin.
    private static func comingAndFirstWet(
        _ steps: [NowcastStep],
        toMillimetres: Double,
        at now: Timestamp
    ) -> (coming: ArraySlice<NowcastStep>, firstWet: Int?) {
        let coming = coming(steps, after: now)
        return (coming, coming.firstIndex { isWet($0, toMillimetres: toMillimetres) })
    }

    /// When a step's 15 minutes start: a wet step's time is the end of its quarter hour.
    private static func start(of step: NowcastStep) -> Timestamp {
        step.time.adding(seconds: -NowcastStep.length)
    }

    /// Whether rain starting at `startsAt` is "soon" at `now` (``isRainSoon``).
    public static func isSoon(_ startsAt: Timestamp, at now: Timestamp) -> Bool {
        startsAt.seconds(since: now) <= soonSeconds
    }

    private static func millimetres(per unit: PrecipitationUnit) -> Double { unit == .mm ? 1.0 : 25.4 }

    private static func isWet(_ step: NowcastStep, toMillimetres: Double) -> Bool {
        guard let value = step.precipitation else { return false }
        return value * toMillimetres >= wetMillimetres - 1e-9
    }

    /// The steps after `now`, in time order. The decoder keeps only blocks whose times increase (steps
    /// read back from a state file are checked here), so this is mostly a slice of `steps` without a copy: filtering and sorting them anew was half of what the
    /// summaries cost, which every tick pays twice for each location (callgrind).
    private static func coming(_ steps: [NowcastStep], after now: Timestamp) -> ArraySlice<NowcastStep> {
        let increasing = zip(steps, steps.dropFirst()).allSatisfy { $0.time < $1.time }
        guard increasing else { return ArraySlice(steps.filter { $0.time > now }.sorted { $0.time < $1.time }) }
        return steps[(steps.firstIndex { $0.time > now } ?? steps.endIndex)...]
    }

    /// `25 min` (whole minutes, at least 1); from an hour on to the nearest quarter hour: `2 h`,
    /// `1 h 15 min`.
    public static func duration(_ seconds: Double) -> String {
        text(minutes: minutes(seconds))
    }

    /// ``duration(_:)``'s minutes: whole minutes, at least 1; from an hour on, to the nearest quarter hour.
    public static func minutes(_ seconds: Double) -> Int {
        rounded(minutes: max(1, Int((seconds / 60).rounded())), quarters: .toNearestOrAwayFromZero)
    }

    /// How long weather that lasts to the end of the known steps lasts: rounded up (to the minute, from an
    /// hour on to the quarter hour), so that the window of the last request reads as its whole 2 h
    /// whatever the quarter hour now is (`dry for 2 h`, not `dry for 1 h 45 min`, which reads as if rain
    /// came after). Data that has aged past a quarter hour says what is left of it.
    public static func windowMinutes(_ seconds: Double) -> Int {
        // Two seconds under: an exact quarter hour is not rounded past, nor a window read just after its
        // request on an API clock known to the second (a `Date` header) that runs a little behind.
        rounded(minutes: max(1, Int(((seconds - 2) / 60).rounded(.up))), quarters: .up)
    }

    private static func rounded(minutes: Int, quarters: FloatingPointRoundingRule) -> Int {
        minutes < 60 ? minutes : Int((Double(minutes) / 15).rounded(quarters)) * 15
    }

    /// `25 min`, `2 h`, `1 h 15 min`.
    private static func text(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
