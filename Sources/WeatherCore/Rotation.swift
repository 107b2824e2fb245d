/// Which location a tick shows: tick *k* shows location *k mod N*, in configuration order.
public struct Rotation: Sendable, Hashable {
    /// The locations, in configuration order.
    public var locations: [Location]

    /// Creates a rotation over `locations`.
    public init(locations: [Location]) {
        self.locations = locations
    }

    /// The index of the location tick `tick` shows; nil when there are no locations.
    public func index(forTick tick: Int) -> Int? {
        locations.isEmpty ? nil : tick % locations.count
    }

    /// The location tick `tick` shows; nil when there are no locations.
    public func location(forTick tick: Int) -> Location? {
        index(forTick: tick).map { locations[$0] }
    }
}
