import Testing
import WeatherCore
import WeatherTestSupport

@Suite("Nowcast summary")
struct NowcastSummaryTests {
    /// `current.time` of the answer: the first step's time (its 15 minutes are already over).
    private static let quarter = Timestamp(rfc3339: "2026-11-24T13:00:00Z")!

    private static func time(_ hhmmss: String) -> Timestamp { Timestamp(rfc3339: "2026-11-24T\(hhmmss)Z")! }

    /// Nine steps from 13:00 to 15:00 with these values (precipitation of the 15 minutes ending at each).
    private static func steps(_ values: [Double?]) -> [NowcastStep] {
        precondition(values.count == NowcastStep.requested)
        return NowcastStep.quarterHours(from: quarter, values)
    }

    /// Nine steps, wet (0.4 mm) at the given indices.
    private static func steps(wetAt wet: Set<Int>) -> [NowcastStep] {
        steps((0..<NowcastStep.requested).map { wet.contains($0) ? 0.4 : 0 })
    }

    private static func summary(
        _ steps: [NowcastStep],
        hourly: [HourForecast] = [],
        unit: PrecipitationUnit = .mm,
        at now: String
    ) -> NowcastSummary {
        NowcastSummary(steps: steps, hourly: hourly, unit: unit, at: time(now))!
    }

    // MARK: - Sentences

    @Test func aDryWindowSaysForHowLong() {
        let dry = Self.summary(Self.steps(wetAt: []), at: "13:00:00")
        #expect(dry.summary == "dry for 2 h")
        #expect(dry.rainStartsAt == nil)
        #expect(dry.rainEndsAt == nil)
        #expect(dry.firstWetMillimetres == nil)
        #expect(!dry.isRainSoon)
        #expect(!dry.isSnow)
        // The window of the last request, whatever the quarter hour: 15:00 is 1 h 52 min 18 s away, rounded
        // up to the quarter hour 2 h (to the nearest, 1 h 45 min would read as if rain came after).
        #expect(Self.summary(Self.steps(wetAt: []), at: "13:07:42").summary == "dry for 2 h")
        #expect(Self.summary(Self.steps(wetAt: []), at: "13:14:57").summary == "dry for 2 h")
        // A window read a second before its quarter hour (the API's clock a little behind): still 2 h.
        #expect(Self.summary(Self.steps(wetAt: []), at: "12:59:59").summary == "dry for 2 h")
        #expect(Self.summary(Self.steps(wetAt: []), at: "14:20:00").summary == "dry for 40 min")
    }

    @Test func rainLaterSaysInHowManyMinutes() {
        // The 13:45 step is the first wet one: rain starts at 13:30.
        let later = Self.summary(Self.steps(wetAt: [3, 4, 5, 6, 7, 8]), at: "13:05:00")
        #expect(later.summary == "rain in 25 min")
        #expect(later.rainStartsAt == Self.time("13:30:00"))
        #expect(later.rainEndsAt == nil)
        #expect(later.firstWetMillimetres == 0.4)
        #expect(later.isRainSoon)
    }

    @Test func minutesUntilTheRainAreRoundedToTheNearest() {
        let wet = Self.steps(wetAt: [3])
        // 22 min 18 s.
        #expect(Self.summary(wet, at: "13:07:42").summary == "rain in 22 min")
        // 22 min 30 s: half a minute rounds up.
        #expect(Self.summary(wet, at: "13:07:30").summary == "rain in 23 min")
        // 22 min 29 s.
        #expect(Self.summary(wet, at: "13:07:31").summary == "rain in 22 min")
        // Less than a minute is still a minute away.
        #expect(Self.summary(wet, at: "13:29:50").summary == "rain in 1 min")
        // An hour and more, to the nearest quarter hour: 1 h 12 min → 1 h 15 min.
        #expect(Self.summary(Self.steps(wetAt: [6]), at: "13:03:00").summary == "rain in 1 h 15 min")
    }

    @Test func rainNowThatStopsSaysForTheNextMinutes() {
        // Wet 13:00–13:45, dry from then on.
        let now = Self.summary(Self.steps(wetAt: [1, 2, 3]), at: "13:05:00")
        #expect(now.summary == "rain for the next 40 min")
        #expect(now.rainStartsAt == Self.time("13:00:00"))
        #expect(now.rainEndsAt == Self.time("13:45:00"))
        #expect(now.isRainSoon)
        let longer = Self.summary(Self.steps(wetAt: [1, 2, 3, 4, 5]), at: "13:00:00")
        #expect(longer.summary == "rain for the next 1 h 15 min")
    }

    @Test func rainThroughTheWindowSaysForHowLong() {
        let all = Self.steps(wetAt: Set(1...8))
        let through = Self.summary(all, at: "13:00:00")
        #expect(through.summary == "rain for 2 h")
        #expect(through.rainEndsAt == nil)
        // Rounded up to the quarter hour: 1 h 56 min and 1 h 52 min → 2 h; aged data says what is left of
        // it: 1 h 45 min exactly, 1 h 7 min → 1 h 15 min.
        #expect(Self.summary(all, at: "13:04:00").summary == "rain for 2 h")
        #expect(Self.summary(all, at: "13:08:00").summary == "rain for 2 h")
        #expect(Self.summary(all, at: "13:15:00").summary == "rain for 1 h 45 min")
        #expect(Self.summary(all, at: "13:53:00").summary == "rain for 1 h 15 min")
    }

    @Test func rainThatStartsAndEndsWithinTheWindowHasAnEnd() {
        let shower = Self.summary(Self.steps(wetAt: [4, 5]), at: "13:05:00")
        #expect(shower.summary == "rain in 40 min")
        #expect(shower.rainStartsAt == Self.time("13:45:00"))
        #expect(shower.rainEndsAt == Self.time("14:15:00"))
        // Only the first run counts.
        let twoShowers = Self.summary(Self.steps(wetAt: [2, 5, 6]), at: "13:05:00")
        #expect(twoShowers.rainEndsAt == Self.time("13:30:00"))
    }

    /// Seconds and how they are written.
    private static let writtenDurations: [(Double, String)] = [
        (0, "1 min"), (59, "1 min"), (89, "1 min"), (90, "2 min"), (25 * 60, "25 min"),
        (59 * 60 + 29, "59 min"), (59 * 60 + 30, "1 h"), (67 * 60, "1 h"), (68 * 60, "1 h 15 min"),
        (82 * 60, "1 h 15 min"), (83 * 60, "1 h 30 min"), (105 * 60, "1 h 45 min"), (120 * 60, "2 h"),
    ]

    @Test(arguments: writtenDurations)
    func aDurationIsWrittenInMinutesOrQuarterHours(seconds: Double, text: String) {
        #expect(NowcastSummary.duration(seconds) == text)
    }

    // MARK: - Snow

    @Test func snowWhenTheHourTheRainStartsInIsSnow() {
        let hourly = [
            HourForecast(time: Self.time("13:00:00"), code: WMOCode(73)),
            HourForecast(time: Self.time("14:00:00"), code: WMOCode(61)),
        ]
        let snow = Self.summary(Self.steps(wetAt: [3]), hourly: hourly, at: "13:05:00")
        #expect(snow.summary == "snow in 25 min")
        #expect(snow.isSnow)
        // Starting at 14:15, in the rainy hour.
        let rain = Self.summary(Self.steps(wetAt: [6]), hourly: hourly, at: "13:05:00")
        #expect(rain.summary == "rain in 1 h 15 min")
        #expect(!rain.isSnow)
        // Snow showers are snow too; already falling: the hour of now.
        let showers = [HourForecast(time: Self.time("13:00:00"), code: WMOCode(85))]
        #expect(
            Self.summary(Self.steps(wetAt: [1, 2]), hourly: showers, at: "13:05:00").summary
                == "snow for the next 25 min"
        )
        // No hour known: rain.
        #expect(Self.summary(Self.steps(wetAt: [3]), at: "13:05:00").summary == "rain in 25 min")
    }

    /// A state file's window holds coming hours only: at 13:05 the 13:00 hour is gone, and the next one
    /// (its precipitation is that of the hour before 14:00) tells snow, as the full hours do for the journal.
    @Test func snowFromTheNextHourWhenTheCurrentOneLeftTheWindow() {
        let window = [HourForecast(time: Self.time("14:00:00"), code: WMOCode(71))]
        let full = [HourForecast(time: Self.time("13:00:00"), code: WMOCode(71))] + window
        let fromWindow = Self.summary(Self.steps(wetAt: [1, 2]), hourly: window, at: "13:05:00")
        let fromFull = Self.summary(Self.steps(wetAt: [1, 2]), hourly: full, at: "13:05:00")
        #expect(fromWindow.summary == "snow for the next 25 min")
        #expect(fromWindow.summary == fromFull.summary)
    }

    /// Where the offset has half hours (India, UTC+5:30) the hours begin at half past in UTC.
    @Test func snowInAHourThatStartsAtHalfPast() {
        let hourly = [
            HourForecast(time: Self.time("12:30:00"), code: WMOCode(71)),
            HourForecast(time: Self.time("13:30:00"), code: WMOCode(3)),
        ]
        let snow = Self.summary(Self.steps(wetAt: [2]), hourly: hourly, at: "13:05:00")
        #expect(snow.rainStartsAt == Self.time("13:15:00"))
        #expect(snow.summary == "snow in 10 min")
        // 13:45 lies in the 13:30 hour: overcast, not snow.
        #expect(Self.summary(Self.steps(wetAt: [4]), hourly: hourly, at: "13:05:00").summary == "rain in 40 min")
    }

    // MARK: - Units and values

    @Test func inchesAreComparedInMillimetres() {
        // 0.004 in = 0.1016 mm: wet; 0.003 in = 0.0762 mm: dry.
        let wet = Self.summary(Self.steps([0, 0.004, 0, 0, 0, 0, 0, 0, 0]), unit: .inch, at: "13:05:00")
        #expect(wet.rainStartsAt == Self.time("13:00:00"))
        #expect(abs(wet.firstWetMillimetres! - 0.1016) < 1e-9)
        let dry = Self.summary(Self.steps([0, 0.003, 0.003, 0, 0, 0, 0, 0, 0]), unit: .inch, at: "13:05:00")
        #expect(dry.rainStartsAt == nil)
        // The same numbers in millimetres are dry; 0.1 mm is wet, 0.09 mm is not.
        #expect(Self.summary(Self.steps([0, 0.004, 0, 0, 0, 0, 0, 0, 0]), at: "13:05:00").rainStartsAt == nil)
        #expect(Self.summary(Self.steps([0, 0.1, 0, 0, 0, 0, 0, 0, 0]), at: "13:05:00").rainStartsAt != nil)
        #expect(Self.summary(Self.steps([0, 0.09, 0, 0, 0, 0, 0, 0, 0]), at: "13:05:00").rainStartsAt == nil)
    }

    @Test func nullValuesAreDry() {
        let nulls = Self.summary(Self.steps(Array(repeating: nil, count: 9)), at: "13:05:00")
        // 1 h 55 min to 15:00, to the nearest quarter hour.
        #expect(nulls.summary == "dry for 2 h")
        #expect(nulls.rainStartsAt == nil)
        let gap = Self.summary(Self.steps([nil, nil, nil, 0.5, nil, 0, 0, 0, 0]), at: "13:05:00")
        #expect(gap.summary == "rain in 25 min")
        #expect(gap.rainEndsAt == Self.time("13:45:00"))
    }

    // MARK: - Rain soon, and time passing

    @Test func rainSoonMeansWetNowOrWithinHalfAnHour() {
        // Starts at 13:30, exactly 30 minutes away: soon.
        #expect(Self.summary(Self.steps(wetAt: [3]), at: "13:00:00").isRainSoon)
        // Starts at 13:45, 45 minutes away: not yet; 14 minutes later it is.
        #expect(!Self.summary(Self.steps(wetAt: [4]), at: "13:00:00").isRainSoon)
        #expect(!Self.summary(Self.steps(wetAt: [4]), at: "13:14:59").isRainSoon)
        #expect(Self.summary(Self.steps(wetAt: [4]), at: "13:15:00").isRainSoon)
        // Wet now.
        #expect(Self.summary(Self.steps(wetAt: [1]), at: "13:10:00").isRainSoon)
        // Dry.
        #expect(!Self.summary(Self.steps(wetAt: []), at: "13:10:00").isRainSoon)
    }

    @Test func stepsAlreadyPastAreIgnored() {
        // The 13:00 and 13:15 steps were wet; at 13:15 both are over.
        let over = Self.summary(Self.steps(wetAt: [0, 1]), at: "13:15:00")
        #expect(over.rainStartsAt == nil)
        #expect(over.summary == "dry for 1 h 45 min")
        // The first step never counts: its 15 minutes ended at the answer's time.
        #expect(Self.summary(Self.steps(wetAt: [0]), at: "13:00:00").rainStartsAt == nil)
        // Rain that has passed by 14:20 leaves the summary of what is still coming.
        let passing = Self.summary(Self.steps(wetAt: [1, 2, 3, 4, 5]), at: "14:20:00")
        #expect(passing.summary == "dry for 40 min")
        // A shower after the steps that are over (13:00 to 13:15 at 13:20) ends where it ends: at 14:45,
        // before the last step. Steps in any order say the same.
        let late = Self.steps(wetAt: [6, 7])
        let shower = Self.summary(late, at: "13:20:00")
        #expect(shower.summary == "rain in 55 min")
        #expect(shower.rainEndsAt == Self.time("14:45:00"))
        #expect(Self.summary(late.reversed(), at: "13:20:00") == shower)
        // Nothing coming at all: no summary.
        #expect(NowcastSummary(steps: Self.steps(wetAt: [8]), unit: .mm, at: Self.time("15:00:00")) == nil)
        #expect(NowcastSummary(steps: [], unit: .mm, at: Self.time("13:00:00")) == nil)
    }

    @Test("the rain start alone says what the whole summary says")
    func rainStartAgreesWithTheSummary() {
        let patterns: [Set<Int>] = [[], [0], [1], [2, 3], [4], [6, 7], [8], [0, 8], [1, 2, 3, 4, 5, 6, 7, 8]]
        let times = ["12:50:00", "13:00:00", "13:10:00", "13:20:00", "13:44:59", "14:00:00", "14:40:00", "15:00:00"]
        for wet in patterns {
            for steps in [Self.steps(wetAt: wet), Self.steps(wetAt: wet).reversed()] {
                for unit in [PrecipitationUnit.mm, .inch] {
                    for text in times {
                        let now = Self.time(text)
                        let start = NowcastSummary.rainStart(of: steps, unit: unit, at: now)
                        switch NowcastSummary(steps: steps, unit: unit, at: now) {
                        case nil:
                            #expect(start == .noStepsComing, "\(wet) at \(text)")
                        case let summary?:
                            #expect(start == (summary.rainStartsAt.map { .at($0) } ?? .dry), "\(wet) at \(text)")
                            if case .at(let startsAt) = start {
                                #expect(NowcastSummary.isSoon(startsAt, at: now) == summary.isRainSoon)
                            }
                        }
                    }
                }
            }
        }
        // 0.004 is wet in inches (0.1016 mm), not in millimetres: the unit counts.
        let light = Self.steps([nil, 0.004, 0, 0, 0, 0, 0, 0, 0])
        #expect(NowcastSummary.rainStart(of: light, unit: .inch, at: Self.quarter) == .at(Self.time("13:00:00")))
        #expect(NowcastSummary.rainStart(of: light, unit: .mm, at: Self.quarter) == .dry)
    }
}
