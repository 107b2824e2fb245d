/// Bad forecast sections, to exercise a client's handling of bad input (docs/forecast.md "Bad input"): the answer is
/// otherwise realistic and `current` stays good; the fault hits every section asked for, or those chosen
/// (see ``FakeOpenMeteoServer/realistic(dataInterval:blockFault:blocks:)``). The raw values are the names
/// `fake-open-meteo --mode` takes.
public enum BlockFault: String, CaseIterable, Sendable {
    /// The last variable's array is one value shorter than `time` (the others are whole).
    case unequalLengths = "block-unequal-lengths"
    /// The middle step's time (index count / 2) is `null`.
    case nullTime = "block-null-time"
    /// The first two times are swapped, so times do not increase (needs two steps).
    case timesNotIncreasing = "block-times-not-increasing"
    /// Every time is one day (86,400 s) later: a section for another day than asked, as if for another place.
    case shiftedByADay = "block-shifted-day"
    /// Every variable is `null` at the even steps (0, 2, 4, …); times are intact.
    case nullValues = "block-null-values"

    /// Applies the fault to a section's columns, `time` first.
    func apply(to columns: inout [(String, [String])]) {
        guard !columns.isEmpty else { return }
        let count = columns[0].1.count
        switch self {
        case .unequalLengths:
            let last = columns.count - 1
            if !columns[last].1.isEmpty { columns[last].1.removeLast() }
        case .nullTime:
            if count > 0 { columns[0].1[count / 2] = "null" }
        case .timesNotIncreasing:
            if count > 1 { columns[0].1.swapAt(0, 1) }
        case .shiftedByADay:
            columns[0].1 = columns[0].1.map { Int($0).map { String($0 + 86_400) } ?? $0 }
        case .nullValues:
            for index in columns.indices.dropFirst() {
                for step in stride(from: 0, to: columns[index].1.count, by: 2) {
                    columns[index].1[step] = "null"
                }
            }
        }
    }
}
