/// The base URL of each alert source (`alerts.nws_url` …): the real services by default, or a mirror or
/// a look-alike.
public struct AlertEndpoints: Sendable, Hashable {
    /// `alerts.nws_url`.
    public var nws: String = "https://api.weather.gov"
    /// `alerts.metno_url`.
    public var metno: String = "https://api.met.no"
    /// `alerts.dwd_url`.
    public var dwd: String = "https://api.brightsky.dev"
    /// `alerts.meteoalarm_url`.
    public var meteoalarm: String = "https://feeds.meteoalarm.org"

    /// Creates a value from each of its properties.
    public init(
        nws: String = "https://api.weather.gov",
        metno: String = "https://api.met.no",
        dwd: String = "https://api.brightsky.dev",
        meteoalarm: String = "https://feeds.meteoalarm.org"
    ) {
        self.nws = nws
        self.metno = metno
        self.dwd = dwd
        self.meteoalarm = meteoalarm
    }

    /// The base URL of `source`, without a trailing `/`.
    public func url(of source: Alert.Source) -> String {
        let url: String
        switch source {
        case .nws: url = nws
        case .metno: url = metno
        case .dwd: url = dwd
        case .meteoalarm: url = meteoalarm
        }
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// The host (and port) of `source`'s URL: one poll at a time per host.
    public func host(of source: Alert.Source) -> String {
        url(of: source).split(separator: "/").dropFirst().first.map { $0.lowercased() } ?? ""
    }
}
