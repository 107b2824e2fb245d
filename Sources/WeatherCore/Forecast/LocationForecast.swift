/// What the daemon knows of a location's coming hours and days (docs/forecast.md): each block as last fetched,
/// with the time it was fetched. Blocks are replaced whole; steps already past are filtered by readers
/// relative to their own now (the window slides between refreshes).
public struct LocationForecast: Sendable, Hashable {
    /// The hours, oldest first, as last fetched.
    public var hourly: [HourForecast] = []
    /// When `hourly` was fetched; nil when never.
    public var hourlyFetchedAt: Timestamp?
    /// The days, the location's current local day first when fetched, as last fetched.
    public var daily: [DayForecast] = []
    /// When `daily` was fetched; nil when never.
    public var dailyFetchedAt: Timestamp?
    /// The 15-minute precipitation steps, as last fetched.
    public var nowcast: [NowcastStep] = []
    /// When `nowcast` was fetched; nil when never.
    public var nowcastFetchedAt: Timestamp?
    /// When an answer last dropped the hours or the days as bad input (not kept across restarts): a block
    /// that keeps coming bad is asked for again on its slot, not on every request.
    public var hourlyDroppedAt: Timestamp?
    public var dailyDroppedAt: Timestamp?

    /// Nothing known yet: each block is set as it is fetched.
    public init() {}

    /// Whether nothing is known.
    public var isEmpty: Bool {
        hourlyFetchedAt == nil && dailyFetchedAt == nil && nowcastFetchedAt == nil
    }

    /// The hours still coming at `now` (the API's clock): those whose time is after `now` (docs/forecast.md).
    public func comingHours(at now: Timestamp) -> [HourForecast] {
        hourly.filter { $0.time > now }
    }

    /// The days from the local date of `now` on, in a place `utcOffsetSeconds` ahead of UTC.
    public func comingDays(at now: Timestamp, utcOffsetSeconds: Int) -> [DayForecast] {
        let today = LocalDate(at: now, utcOffsetSeconds: utcOffsetSeconds)
        return daily.filter { $0.date >= today }
    }

    /// The 15-minute steps still coming at `now`: those whose quarter hour ends after `now`.
    public func comingSteps(at now: Timestamp) -> [NowcastStep] {
        nowcast.filter { $0.time > now }
    }
}
