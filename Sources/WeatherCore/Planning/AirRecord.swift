/// What the planner keeps of one location's air quality (docs/air.md "When"): the last answer, and when the
/// location's air may be asked again. Its failures are its own: they never touch the weather's health, nor
/// the weather's failures its.
public struct AirRecord: Sendable, Hashable {
    /// The air of the last good answer.
    public var air: AirQuality?
    /// The data interval the last answer said (`current.interval`), when within 60 s–3 h.
    var dataInterval: Double?
    /// When the air was last fetched successfully.
    public var fetchedAt: Timestamp?
    /// The last failure, cleared by a success.
    public var lastError: ErrorRecord?
    /// Failed (or "no news") requests in a row: k of the retry delay.
    public var failures = 0
    /// Not due before this (after a failure or "no news").
    var retryAt: Deadline?
    /// The spread delay of the current data hour, in seconds.
    var spread: Double = 0

    /// Nothing known yet.
    public init() {}

    /// The air's data interval: CAMS data is hourly.
    public static let standardInterval: Double = 3600

    /// The interval to plan with.
    var interval: Double {
        guard let dataInterval, DataInterval.accepted.contains(dataInterval) else { return Self.standardInterval }
        return dataInterval
    }
}

/// One air quality request the planner wants sent. It shares the one connection with the weather's
/// fetches: at most one request is in flight, whichever it is.
public struct AirOrder: Sendable, Hashable {
    /// Numbers requests in the order they started (with the weather's fetches).
    public var job: Int
    /// The location, with coordinates.
    public var location: Location
    /// The request's weight in tenths of a call.
    public var weight: Int
    /// When it was counted in the quota ledger, on the API's clock.
    public var chargedAt: Timestamp
    /// When it started, on the uptime clock.
    public var startedUptime: Double

    /// What is asked.
    public var request: AirQualityRequest { AirQualityRequest(location: location) }
}

/// What a finished air quality request changed.
public struct AirFinishPlan: Sendable {
    /// How the location's air changed.
    public enum Change: Sendable, Hashable {
        /// A new hour's air (or, with `news` false, the hour already known: "no news").
        case air(news: Bool)
        /// The request failed; the last good air stays.
        case failed(FetchError)
        /// The request no longer matters: a reload removed or moved its location, or turned its air off.
        case discarded
    }

    /// The request that finished.
    public var order: AirOrder
    /// The location's record after the change.
    public var record: LocationRecord
    /// What changed.
    public var change: Change
    /// What the planner noticed (a level crossed into poor or back, a block dropped, a pause began).
    public var events: [PlannerEvent]
    /// The queued weather fetch to start now, if any: the weather goes first.
    public var next: FetchOrder?
    /// Else the air quality request to start now, if any.
    public var nextAir: AirOrder?
}
