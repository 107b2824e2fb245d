/// The countries the alert sources cover, and the bounding boxes `auto` uses for a location with neither
/// a `country_code` nor a geocoding answer (docs/alerts.md, "Sources").
public enum AlertCountry {
    /// The United States and the territories the NWS warns for.
    public static let nws: Set<String> = ["US", "PR", "VI", "GU", "AS", "MP", "UM"]
    /// Norway, with Svalbard and Jan Mayen.
    public static let metno: Set<String> = ["NO", "SJ"]

    /// MeteoAlarm's members (ISO 3166-1 alpha-2) and the slugs of their feeds (`feeds-<slug>`).
    public static let meteoalarmSlugs: [String: String] = [
        "AT": "austria", "BA": "bosnia-herzegovina", "BE": "belgium", "BG": "bulgaria", "CH": "switzerland",
        "CY": "cyprus", "CZ": "czechia", "DE": "germany", "DK": "denmark", "EE": "estonia", "ES": "spain",
        "FI": "finland", "FR": "france", "GB": "united-kingdom", "GR": "greece", "HR": "croatia", "HU": "hungary",
        "IE": "ireland", "IL": "israel", "IS": "iceland", "IT": "italy", "LT": "lithuania", "LU": "luxembourg",
        "LV": "latvia", "MD": "moldova", "ME": "montenegro", "MK": "republic-of-north-macedonia", "MT": "malta",
        "NL": "netherlands", "NO": "norway", "PL": "poland", "PT": "portugal", "RO": "romania", "RS": "serbia",
        "SE": "sweden", "SI": "slovenia", "SK": "slovakia", "UA": "ukraine",
    ]

    /// The members whose feeds carry area polygons, so a point without a code can be matched (the others
    /// need a location's `code`).
    public static let meteoalarmPolygons: Set<String> = ["CH", "EE", "FR", "GB", "LT", "LV", "NL", "SE"]

    /// Bounding boxes (south, west, north, east) of the countries `auto` can tell by coordinates alone. They
    /// overlap their neighbours at the borders: a `country_code` settles a place near one.
    static let boxes: [(code: String, south: Double, west: Double, north: Double, east: Double)] = [
        ("US", 24.4, -125.0, 49.4, -66.9),  // the contiguous states
        ("US", 51.2, -179.9, 71.4, -129.9),  // Alaska
        ("US", 18.9, -160.3, 22.3, -154.8),  // Hawaii
        ("PR", 17.9, -67.3, 18.6, -65.2),
        ("GU", 13.2, 144.6, 13.7, 145.0),
        ("SJ", 76.4, 10.0, 80.9, 34.0),  // Svalbard
        ("SJ", 70.8, -9.1, 71.2, -7.9),  // Jan Mayen
        ("NO", 57.9, 4.5, 62.0, 11.0),  // Norway, cut short of Sweden and Finland
        ("NO", 62.0, 4.5, 65.0, 12.0),
        ("NO", 65.0, 10.0, 68.5, 15.5),
        ("NO", 68.5, 14.0, 71.2, 21.0),
        ("NO", 70.1, 21.0, 71.2, 31.2),
        ("CH", 45.8, 5.9, 47.5, 10.5),
        ("DE", 47.3, 5.9, 55.1, 15.0),
        ("IE", 51.4, -10.7, 55.4, -6.0),
        ("GB", 49.9, -8.2, 60.9, 1.8),
    ]

    /// The first country whose box holds the point; nil for anywhere else.
    public static func code(latitude: Double, longitude: Double) -> String? {
        boxes.first { box in
            (box.south...box.north).contains(latitude) && (box.west...box.east).contains(longitude)
        }?.code
    }
}
