/// The output formats of `weatherd status`.
public enum StatusFormat: String, Sendable, CaseIterable {
    /// The monitoring-plugin text: a summary line with performance data, then a line per location.
    case text
    /// The state file's JSON.
    case json
    /// One JSON line for a Waybar custom module.
    case waybar
    /// The Prometheus text exposition format.
    case prometheus
}
