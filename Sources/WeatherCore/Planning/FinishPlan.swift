/// What a finished fetch changed.
public struct FinishPlan: Sendable {
    /// How the location's weather changed.
    public enum Change: Sendable, Hashable {
        /// New weather (or, with `news` false, weather of a period already known: "no news").
        case weather(news: Bool)
        /// The fetch failed; the last good weather stays.
        case failed(FetchError)
        /// The location's first source, asked again while a later one serves it, failed again: nothing
        /// changed.
        case probeFailed(FetchError)
        /// The fetch no longer matters: a reload removed or moved its location meanwhile.
        case discarded
    }

    /// The fetch that finished.
    public var order: FetchOrder
    /// The location's record after the change.
    public var record: LocationRecord
    /// What changed.
    public var change: Change
    /// What the planner noticed (a pause began, an unusual data interval).
    public var events: [PlannerEvent]
    /// The queued fetch to start now, if any.
    public var next: FetchOrder?
    /// Else an air quality request to start now, if any (docs/air.md).
    public var nextAir: AirOrder? = nil
}
