/// A row of eighth blocks for a series of values (`▁▂▃▄▅▆▇█`), the lowest value `▁`, the highest `█`;
/// an unknown value is a space.
public enum Sparkline {
    /// The blocks, lowest first.
    public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block per value, scaled between the lowest and the highest; all `▄` when they are equal.
    public static func render(_ values: [Double?]) -> String {
        let known = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = known.min(), let high = known.max() else { return String(repeating: " ", count: values.count) }
        return String(
            values.map { value -> Character in
                guard let value, value.isFinite else { return " " }
                // A range too wide for a Double (a hostile file) scales to nothing finite: the middle.
                let scaled = (value - low) / (high - low) * Double(blocks.count - 1)
                guard high > low, scaled.isFinite else { return blocks[3] }
                let level = Int(scaled.rounded())
                return blocks[min(blocks.count - 1, max(0, level))]
            }
        )
    }
}
