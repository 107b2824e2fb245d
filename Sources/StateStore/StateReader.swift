#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads one version of the state file after another, as `weatherd status --follow` does at every write
/// of the daemon: a location entry whose bytes are those of the previous read is taken from that read,
/// not decoded again, and the rest of the file (the `daemon` object, the counters) is read by
/// ``StateTopReader``. The result is always ``StateDecoder``'s: anything this reader does not follow
/// (a file it cannot split, a second `locations` key, a top ``StateTopReader`` leaves to `JSONDecoder`,
/// an entry that does not decode) is read by ``StateDecoder`` from the start, with its error message.
///
/// Why it exists (measured): a tick that fetches nothing changes only the top of the file (the counters,
/// `current_location`, `generated_at`), while the location entries are 35 of its 37 KB at the defaults.
/// `JSONDecoder` parses the whole file into a map before decoding and spends 4-5 thousand instructions
/// per field decoded: callgrind counted 5.6 M instructions per update of `status --follow --format
/// waybar`, more CPU than the daemon's own tick, of which the scan alone was 1.86 M. Through this reader:
/// 1.13 M, and 722 µs an update beside the daemon's 928 µs tick (bench/README.md, `cachetick`).
public struct StateReader {
    /// One entry as last read: its bytes, what they decoded to (with every block), and its state with and
    /// without its blocks, once asked for.
    private struct Remembered {
        var text: ArraySlice<UInt8>
        var entry: StateDocument.LocationEntry
        var withBlocks: LocationState?
        var withoutBlocks: LocationState?

        /// The entry's state, at `index` of the file, with its blocks or without.
        mutating func state(at index: Int, blocks: Bool) throws(StateDecodingError) -> LocationState {
            if let state = blocks ? withBlocks : withoutBlocks { return state }
            var entry = entry
            if !blocks {
                entry.forecast = nil
                entry.nowcast = nil
            }
            let state = try entry.state(path: "locations[\(index)]")
            if blocks { withBlocks = state } else { withoutBlocks = state }
            return state
        }
    }

    private var remembered: [Remembered] = []
    /// The previous read's `locations` array, `[` to `]`, and its elements' ranges from the `[`.
    private var previousArray: (text: ArraySlice<UInt8>, elements: [Range<Int>])?
    /// How many entries it has decoded, and how many texts it has left to ``StateDecoder`` (for tests).
    private(set) var decodedEntries = 0
    private(set) var fullReads = 0

    /// A reader that has read nothing yet.
    public init() {}

    /// The snapshot in `bytes` (the state file's contents), with the blocks of the locations `forecasts`
    /// selects: the same as `StateDecoder.decode(bytes, forecasts:)`.
    public mutating func decode(
        _ bytes: [UInt8],
        forecasts: ForecastSelection = .all
    ) throws(StateDecodingError) -> StateSnapshot {
        if let snapshot = try? incremental(bytes, forecasts) { return snapshot }
        remembered = []
        previousArray = nil
        fullReads += 1
        return try StateDecoder.decode(bytes, forecasts: forecasts)
    }

    private mutating func incremental(_ bytes: [UInt8], _ selection: ForecastSelection) throws -> StateSnapshot? {
        guard let array = LocationsArray(bytes, previous: previousArray) else { return nil }
        // The file without its entries: `"locations":[]`.
        var top = Array(bytes[...array.open])
        top.append(contentsOf: bytes[array.close...])
        // StateTopReader leaves another spelling of the key (`"loc\u0061tions"`) to the whole text's decoding,
        // and answers only for an empty `locations`.
        guard let document = StateTopReader.read(top), document.schema_version == StateSnapshot.currentSchemaVersion
        else { return nil }
        var snapshot = try document.snapshot()

        var now: [Remembered] = []
        var decoder: JSONDecoder?
        for (index, range) in array.elements.enumerated() {
            let text = bytes[range]
            if index < remembered.count, sameBytes(remembered[index].text, text) {
                now.append(remembered[index])
            } else {
                if decoder == nil { decoder = JSONDecoder() }
                let entry = try decoder!.decode(StateDocument.LocationEntry.self, from: Data(text))
                now.append(Remembered(text: text, entry: entry))
                decodedEntries += 1
            }
        }

        // Blocks for the locations selected, as StateDocument's decoding keeps them: the ids asked for, and
        // the one a reader shows (the current location, else the first).
        let current = document.current_location
        let focus =
            selection.needsFocus ? (now.contains { $0.entry.id == current } ? current : now.first?.entry.id) : nil
        for index in now.indices {
            let blocks = selection.wants(now[index].entry.id, focus: focus)
            snapshot.locations.append(try now[index].state(at: index, blocks: blocks))
        }
        remembered = now
        previousArray = (
            bytes[array.open...array.close],
            array.elements.map { ($0.lowerBound - array.open)..<($0.upperBound - array.open) }
        )
        return snapshot
    }
}

/// Where the top-level `locations` array of a state file's JSON text starts and ends, and its elements'
/// byte ranges: a scan that follows strings (with their escapes) and nesting, nothing more. Nil for a text
/// it cannot split that way (no such array, a second `locations` key, unbalanced brackets): the caller
/// then decodes the whole text, which says what is wrong.
struct LocationsArray {
    /// The index of the array's `[`, of its `]`, and the elements between them.
    var open: Int
    var close: Int
    var elements: [Range<Int>] = []

    /// The array in `bytes`; `previous` is an earlier text's array (`[` to `]`) and its elements' ranges
    /// from its `[`: when the same bytes stand after the key, they are taken as they are.
    init?(_ bytes: [UInt8], previous: (text: ArraySlice<UInt8>, elements: [Range<Int>])? = nil) {
        var depth = 0
        var index = 0
        var found: (open: Int, close: Int, elements: [Range<Int>])?
        var elementStart: Int?
        var inArray = false
        var afterComma = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                // A top-level key spelled with escapes (`"loc\u0061tions"`) may be `locations` to JSONDecoder,
                // whose first value of a repeated key wins: the whole text decides.
                if depth == 1, bytes[start + 1..<index].contains(UInt8(ascii: "\\")) { return nil }
                if inArray, depth == 2, elementStart == nil { (elementStart, afterComma) = (start, false) }
                // A key of the top-level object: `"locations"`, then `:` and `[`.
                if depth == 1, bytes[start + 1..<index].elementsEqual("locations".utf8) {
                    var next = index + 1
                    while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
                    guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { break }
                    next += 1
                    while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
                    guard found == nil, next < bytes.count, bytes[next] == UInt8(ascii: "[") else { return nil }
                    if let previous, next + previous.text.count <= bytes.count,
                        sameBytes(previous.text, bytes[next..<next + previous.text.count])
                    {
                        // The array of the previous read, byte for byte: its elements, not scanned again.
                        let close = next + previous.text.count - 1
                        found = (next, close, previous.elements.map { ($0.lowerBound + next)..<($0.upperBound + next) })
                        index = close
                    } else {
                        found = (next, -1, [])
                        inArray = true
                        depth += 1
                        index = next
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if inArray, depth == 2, elementStart == nil { (elementStart, afterComma) = (index, false) }
                depth += 1
                // JSONDecoder refuses nesting deeper than 512; an entry decoded alone sits 2 levels higher.
                guard depth < 500 else { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return nil }
                if inArray, depth == 1 {
                    guard !afterComma else { return nil }  // `[a,]`: left to the whole text
                    if let start = elementStart { found?.elements.append(start..<Self.trimmed(bytes, start, index)) }
                    elementStart = nil
                    found?.close = index
                    inArray = false
                }
            case UInt8(ascii: ","):
                if inArray, depth == 2 {
                    guard let start = elementStart else { return nil }
                    found?.elements.append(start..<Self.trimmed(bytes, start, index))
                    elementStart = nil
                    afterComma = true
                }
            default:
                if inArray, depth == 2, elementStart == nil, !Self.isSpace(byte) {
                    (elementStart, afterComma) = (index, false)
                }
            }
            index += 1
        }
        guard depth == 0, let found, found.close > found.open else { return nil }
        // Each element is decoded alone, and JSONDecoder reads the start of its input for a byte order mark
        // and the encoding (UTF-16 or 32 has NUL bytes there): an entry must start as an object in UTF-8.
        for element in found.elements {
            guard bytes[element.lowerBound] == UInt8(ascii: "{"), !bytes[element.prefix(4)].contains(0) else {
                return nil
            }
        }
        open = found.open
        close = found.close
        elements = found.elements
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The end of the element that starts at `start` and is followed by the byte at `end`, without the
    /// white space before that byte.
    private static func trimmed(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }
}

/// Whether `a` and `b` hold the same bytes (memcmp: a generic comparison of 35 KB costs more than a decoded
/// entry saves).
private func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
}
