/// A configured place whose weather is shown in turn.
public struct Location: Sendable, Hashable {
    /// Stable identifier (state file, journal `WEATHER_LOCATION`).
    public var id: String
    /// Human-readable name.
    public var name: String
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double

    /// Creates a location; `id` defaults to ``Location/defaultID(for:)`` of the name.
    public init(id: String? = nil, name: String, latitude: Double, longitude: Double) {
        self.id = id ?? Location.defaultID(for: name)
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The default id of a name: lower-cased, every run of characters outside `[a-z0-9]` replaced
    /// by one `-`, with leading and trailing `-` removed ("New York" → "new-york").
    public static func defaultID(for name: String) -> String {
        var id = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash && !id.isEmpty { id.append("-") }
                pendingDash = false
                id.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return id
    }
}
