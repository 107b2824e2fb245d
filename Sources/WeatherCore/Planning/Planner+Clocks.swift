/// The two clocks and the random spreads.
extension Planner {
    /// Ends a pause whose time has come and notices a wall-clock step.
    mutating func endPauseAndNoticeClockStep(at now: Moment) -> [PlannerEvent] {
        var events: [PlannerEvent] = []
        let offset = now.wall.secondsSinceEpoch - now.uptime
        if let clockOffset, abs(offset - clockOffset) > Self.clockStepTolerance {
            // Times the wall clock names (due times from observed_at, the ends of UTC windows, the times
            // read from the previous run) are wall-clock deadlines and follow the step; the ledger drops
            // the windows that now lie more than one window ahead when it reads them. The hold of a full
            // window and a 429's wait that now lie too far ahead go.
            events.append(.clockStepped(seconds: offset - clockOffset))
            apiClock.hostClockStepped(by: offset - clockOffset)
            quotaHold = nil
            backoff.forgetImpossiblePause(at: now)
        }
        clockOffset = offset
        if backoff.expire(at: now) { events.append(.backoffEnded) }
        return events
    }

    /// A fresh spread delay for the period of `weather`: up to a fifteenth of its data interval.
    mutating func freshSpread(forPeriodOf weather: Weather) -> Double {
        Double.random(
            in: 0...DataInterval.maximumSpread(DataInterval.effective(weather.dataInterval)),
            using: &random
        )
    }

    /// A fresh spread delay for requests resuming after a pause (or a full window) of `pause` seconds:
    /// up to a fifteenth of the pause, and at most a fifteenth of the longest data interval known.
    mutating func resumeSpread(after pause: Double) -> Double {
        let longest = records.map { DataInterval.effective($0.weather?.dataInterval) }.max() ?? DataInterval.standard
        let bound = min(DataInterval.maximumSpread(longest), max(0, pause) / 15)
        return bound > 0 ? Double.random(in: 0...bound, using: &random) : 0
    }
}
