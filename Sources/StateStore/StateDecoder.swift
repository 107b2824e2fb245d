#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// Reads a state file written by any weatherd of schema version 1: unknown fields are ignored, fields
/// added later may be missing. Anything else is a ``StateDecodingError``.
public enum StateDecoder {
    /// Decodes the UTF-8 JSON `bytes`, with the forecast blocks of the locations `forecasts` selects
    /// (the others' `forecast` and `nowcast` read as absent).
    public static func decode(
        _ bytes: some Collection<UInt8>,
        forecasts: ForecastSelection = .all
    ) throws(StateDecodingError) -> StateSnapshot {
        let document: StateDocument
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[ForecastSelection.key] = forecasts
            document = try decoder.decode(StateDocument.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw StateDecodingError(message: describe(error))
        } catch {
            throw StateDecodingError(message: "not valid JSON")
        }
        guard document.schema_version == StateSnapshot.currentSchemaVersion else {
            throw StateDecodingError(message: "unsupported schema_version \(document.schema_version)")
        }
        return try document.snapshot()
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "top level" : String(keys.dropFirst(keys.hasPrefix(".") ? 1 : 0))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing key \(parent == "top level" ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context))"
        @unknown default:
            return "invalid state file"
        }
    }
}

/// Why a state file could not be read.
public struct StateDecodingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "missing key generated_at".
    public var message: String
    /// The message.
    public var description: String { message }
}
