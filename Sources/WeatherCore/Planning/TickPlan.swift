/// What one tick does (the planner's answer to a tick): the location it shows and whether it fetches,
/// queues its fetch, or serves the cache.
public struct TickPlan: Sendable {
    /// What happens to the shown location.
    public enum Action: Sendable, Hashable {
        /// Fetch it now.
        case fetch(FetchOrder)
        /// It is due but a fetch is running: it is queued behind it (counted in `ticks_skipped`); what it
        /// waits for, should it have no weather yet.
        case queued(Waiting)
        /// Serve what is known; `waiting` says why a location without weather is not fetched.
        case cache(waiting: Waiting?)
    }

    /// The rotation index *k* of the tick.
    public var tick: Int
    /// The shown location's record as the tick found it.
    public var record: LocationRecord
    /// What happens.
    public var action: Action
    /// What the planner noticed on the way (a pause ended, a quota window filled, the clock stepped).
    public var events: [PlannerEvent]
    /// A queued fetch that a limit held back before and that can start now that this tick found the
    /// connection free and the limits allow it (logged when it ends, as a queued fetch).
    public var queuedFetch: FetchOrder? = nil
    /// An air quality request to start now that the tick needs the connection for nothing else (docs/air.md).
    public var airFetch: AirOrder? = nil
}
