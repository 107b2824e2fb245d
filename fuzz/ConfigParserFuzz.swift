// libFuzzer entry for the configuration parser: any text must give a valid Configuration or a
// ConfigError, never a crash. Built by scripts/fuzz with WeatherCore's and the config sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let config = try ConfigParser(file: "fuzz.yaml").parse(text)
        precondition(!config.locations.isEmpty && config.interval > .zero, "validation let a bad config through")
        for location in config.locations {
            precondition((-90...90).contains(location.latitude) && (-180...180).contains(location.longitude))
        }
    } catch {
        _ = error.description
    }
    return 0
}
