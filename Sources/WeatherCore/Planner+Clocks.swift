/// The two clocks and the random spreads.
extension Planner {
    /// Ends a pause whose time has come and notices a wall-clock step.
    mutating func look(at now: Moment) -> [PlannerEvent] {
        var events: [PlannerEvent] = []
        let offset = now.wall.secondsSinceEpoch - now.uptime
        if let clockOffset, abs(offset - clockOffset) > Self.clockStepTolerance {
            // Due times are computed from observed_at each time, and the ledger drops windows that lie
            // too far ahead when it reads them; the hold computed from a window's end is dropped here.
            events.append(.clockStepped(seconds: offset - clockOffset))
            quotaHold = nil
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
