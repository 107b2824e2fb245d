import StateStore
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

extension Words {
    /// Why the state file could not be read: `cannot open /run/weatherd/state.json: No such file or directory`;
    /// in English whatever the language when not `translated` (``Catalogue/text(_:_:translated:)``). The
    /// system's reason (`strerror`) is English.
    public static func stateFileError(_ error: StateFileReadError, translated: Bool = true) -> String {
        switch error {
        case .unreadable(let error) where error.operation == "open" || error.operation == "read":
            let values: KeyValuePairs = ["path": error.path, "error": String(cString: strerror(error.errno))]
            return error.operation == "open"
                ? Catalogue.text("cannot open {path}: {error}", values, translated: translated)
                : Catalogue.text("cannot read {path}: {error}", values, translated: translated)
        case .unreadable(let error): return error.description
        case .invalid(let reason):
            return Catalogue.text("invalid state file: {reason}", ["reason": reason], translated: translated)
        }
    }
}
