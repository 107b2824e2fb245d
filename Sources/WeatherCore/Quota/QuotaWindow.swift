/// One of Open-Meteo's fixed UTC quota windows: the current minute, hour and day.
public enum QuotaWindow: String, Sendable, Hashable, CaseIterable {
    case minute, hour, day

    /// The window's length in seconds.
    public var length: Double {
        switch self {
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        }
    }

    /// When the window that holds `time` ends (the next full minute, hour or 00:00 UTC).
    public func end(of time: Timestamp) -> Timestamp {
        Timestamp(secondsSinceEpoch: ((time.secondsSinceEpoch / length).rounded(.down) + 1) * length)
    }
}
