// libFuzzer entry for the configuration parser: any text must give a valid Configuration or a
// ConfigError, never a crash; and any bytes (invalid UTF-8 included) a YAML tree or a YAMLError.
// Built by scripts/fuzz with WeatherCore's and the config sources, over the YAML module.
import YAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let config = try ConfigParser(file: "fuzz.yaml").parse(text)
        precondition(!config.locations.isEmpty && config.interval > .zero, "validation let a bad config through")
        for location in config.locations {
            precondition((-90...90).contains(location.latitude) && (-180...180).contains(location.longitude))
        }
    } catch {
        _ = error.description
    }
    do {
        _ = try YAMLParser().parse(bytes: Array(bytes))
    } catch {
        precondition(error.mark.map { $0.line >= 1 && $0.column >= 1 } ?? true, "a mark before the text")
        _ = error.description
    }
    return 0
}
