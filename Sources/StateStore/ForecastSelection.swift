import WeatherCore

/// Which locations' `forecast` and `nowcast` a reader decodes: the blocks are most of the file (about
/// 8 KB of 9 per location with the forecast on) and most of the cost of reading it, and a bar's reader
/// shows one location's (`weatherd status --follow --format waybar`, once per state file written).
public struct ForecastSelection: Sendable {
    /// The ids whose blocks are decoded.
    var ids: Set<String>
    /// Whether the current location's are decoded too: the one a reader shows (the first location's when
    /// there is no current location, or it names none of the entries, as after a reload removed it).
    var current: Bool
    /// Whether every location's are.
    var all: Bool

    /// Every location's blocks.
    public static let all = ForecastSelection(ids: [], current: true, all: true)

    /// The blocks of the locations `ids`, and of the one a reader shows when `current`.
    public static func only(_ ids: Set<String>, current: Bool) -> ForecastSelection {
        ForecastSelection(ids: ids, current: current, all: false)
    }

    /// Whether the location a reader shows must be found first (``wants(_:focus:)``'s `focus`).
    var needsFocus: Bool { !all && current }

    /// Whether the blocks of the location `id` are decoded, `focus` being the location a reader shows
    /// when ``needsFocus``.
    func wants(_ id: String, focus: String?) -> Bool {
        all || ids.contains(id) || id == focus
    }

    /// The key under which a decoder's `userInfo` carries the selection.
    static let key = CodingUserInfoKey(rawValue: "weatherd.forecastSelection")!
}
