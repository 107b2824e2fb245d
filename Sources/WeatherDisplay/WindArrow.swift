/// An arrow pointing where the wind blows to (docs/forecast.md `wind_arrow`): the API gives the direction it
/// comes from (meteorological degrees, 0 = from the north), so a north wind is `↓`.
public enum WindArrow {
    private static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The arrow, to the nearest of eight directions; nil for a value that is not finite.
    public static func arrow(fromDegrees degrees: Double) -> String? {
        guard degrees.isFinite else { return nil }
        var towards = (degrees + 180).truncatingRemainder(dividingBy: 360)
        if towards < 0 { towards += 360 }
        return arrows[Int(((towards + 22.5) / 45).rounded(.down)) % 8]
    }
}
