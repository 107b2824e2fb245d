/// How often the API's current values change, as the planner uses it (docs/fetching.md): the response's
/// `current.interval` when it lies between 60 s and 3 h, else 900 s (Open-Meteo's 15 minutes).
public enum DataInterval {
    /// Open-Meteo's interval, and the one assumed while none is known.
    public static let standard: Double = 900
    /// The shortest and longest intervals taken from a response.
    public static let accepted: ClosedRange<Double> = 60...10_800

    /// The interval to plan with when the API sent `sent` (nil: not sent).
    public static func effective(_ sent: Double?) -> Double {
        guard let sent, accepted.contains(sent) else { return standard }
        return sent
    }

    /// Whether `sent` is a value the API sent that lies outside ``accepted`` (and so is replaced).
    public static func isOutOfRange(_ sent: Double?) -> Bool {
        guard let sent else { return false }
        return !accepted.contains(sent)
    }

    /// The longest spread delay for an interval: a fifteenth of it (one minute for 15 minutes).
    public static func maximumSpread(_ interval: Double) -> Double {
        interval / 15
    }
}
