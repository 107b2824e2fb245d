/// The API's clock as the host sees it (docs/fetching.md "The API's clock, not the host's"): the offset to add
/// to the host's wall time to get the API's. A pure value the planner owns.
///
/// Each answered request gives a sample (its `Date`, plus `Age`, minus the host's wall time when the
/// headers arrived). The offset is the median of the last five samples (0 before the first). A sample
/// more than ``outlierThreshold`` from the offset is held back; it moves the offset only once the next
/// sample agrees with it within ``confirmation``, and then the two start the window anew, so that one
/// wrong `Date` (a captive portal, a proxy without time) moves nothing and a real step takes effect after
/// two requests.
public struct APIClock: Sendable, Hashable {
    /// How many samples the median is taken of.
    public static let window = 5
    /// A sample further than this from the offset is an outlier, in seconds.
    public static let outlierThreshold: Double = 60
    /// How close the next sample must come to an outlier to confirm it, in seconds.
    public static let confirmation: Double = 5
    /// An offset beyond this is worth a notice naming `timedatectl`, in seconds.
    public static let noticeThreshold: Double = 30

    /// The samples in force, oldest first (at most ``window``).
    public private(set) var samples: [Double] {
        didSet { offset = Self.median(samples) }
    }
    /// An outlier waiting for the next sample to confirm it.
    public private(set) var pending: Double?

    /// A clock with `samples` (from the durable cache; none: the host's clock is taken as the API's).
    public init(samples: [Double] = []) {
        let kept = Array(samples.filter(\.isFinite).suffix(Self.window))
        self.samples = kept
        offset = Self.median(kept)
    }

    /// The API's clock minus the host's, in seconds: the median of the samples, 0 without any. Kept, not
    /// worked out at each reading: a tick reads it about 20 times, and sorting the samples each time was
    /// 3 % of a cache tick's instructions (callgrind).
    public private(set) var offset: Double

    private static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The API's time when the host's wall clock reads `hostTime`.
    public func apiTime(_ hostTime: Timestamp) -> Timestamp {
        hostTime.adding(seconds: offset)
    }

    /// The host's wall time when the API's clock reads `apiTime`.
    public func hostTime(_ apiTime: Timestamp) -> Timestamp {
        apiTime.adding(seconds: -offset)
    }

    /// Takes one sample (seconds, the API's clock minus the host's).
    public mutating func record(_ sample: Double) {
        guard sample.isFinite else { return }
        if abs(sample - offset) <= Self.outlierThreshold {
            pending = nil
            append(sample)
        } else if let held = pending, abs(sample - held) <= Self.confirmation {
            pending = nil
            samples = [held, sample]
        } else {
            pending = sample
        }
    }

    /// The host's wall clock stepped by `seconds` (NTP at boot): the API's clock did not, so every sample
    /// moves the other way.
    public mutating func hostClockStepped(by seconds: Double) {
        guard seconds.isFinite else { return }
        samples = samples.map { $0 - seconds }
        pending = pending.map { $0 - seconds }
    }

    private mutating func append(_ sample: Double) {
        samples.append(sample)
        if samples.count > Self.window { samples.removeFirst(samples.count - Self.window) }
    }
}
