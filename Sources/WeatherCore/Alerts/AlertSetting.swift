/// A location's `alerts:` key (docs/alerts.md): where its official warnings come from.
public enum AlertSetting: Sendable, Hashable {
    /// The source of the location's country (``AlertTarget/choose(_:for:placeCountryCode:)``).
    case auto
    /// No warnings for this location.
    case none
    /// One of the point sources (`nws`, `metno`, `dwd`), whatever the country.
    case source(Alert.Source)
    /// MeteoAlarm's feed of `country` (its slug: `france`, `united-kingdom`), matched by the area `code`
    /// (EMMA_ID, NUTS, WARNCELLID), or without one by the point inside the warnings' polygons.
    case meteoalarm(country: String, code: String?)
}

/// What one location polls: a source, and for MeteoAlarm the country feed and the area code.
public struct AlertTarget: Sendable, Hashable {
    /// The source.
    public var source: Alert.Source
    /// MeteoAlarm's country slug (`germany`); nil for the point sources.
    public var country: String?
    /// MeteoAlarm's area code the warnings must name; nil: matched by the point.
    public var code: String?
    /// Whether `auto` chose it (by country): a source that says the point is not its own then means no
    /// source, not a failure.
    public var isAutomatic: Bool = false

    /// The target of `setting` for `location`. `auto` uses the location's country: its `country_code`,
    /// else the one geocoding found (`placeCountryCode`), else the country whose bounding boxes hold the
    /// coordinates; the United States and its territories poll `nws`, Norway (Svalbard, Jan Mayen) `metno`,
    /// Germany `dwd`, another MeteoAlarm member whose feed carries polygons `meteoalarm` by the point; any
    /// other place has no source (nil).
    public static func choose(
        _ setting: AlertSetting,
        for location: Location,
        placeCountryCode: String?
    ) -> AlertTarget? {
        switch setting {
        case .none:
            return nil
        case .source(let source):
            return AlertTarget(source: source)
        case .meteoalarm(let country, let code):
            return AlertTarget(source: .meteoalarm, country: country, code: code)
        case .auto:
            let code =
                location.countryCode?.uppercased() ?? placeCountryCode?.uppercased()
                ?? (location.hasCoordinates
                    ? AlertCountry.code(latitude: location.latitude, longitude: location.longitude) : nil)
            guard let code else { return nil }
            if AlertCountry.nws.contains(code) { return AlertTarget(source: .nws, isAutomatic: true) }
            if AlertCountry.metno.contains(code) { return AlertTarget(source: .metno, isAutomatic: true) }
            if code == "DE" { return AlertTarget(source: .dwd, isAutomatic: true) }
            if AlertCountry.meteoalarmPolygons.contains(code), let slug = AlertCountry.meteoalarmSlugs[code] {
                return AlertTarget(source: .meteoalarm, country: slug, isAutomatic: true)
            }
            return nil
        }
    }
}
