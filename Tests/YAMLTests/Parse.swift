import YAML

/// Test helpers: the document of `text`, or the error it gives.
enum Parse {
    static func node(_ text: String, _ parser: YAMLParser = YAMLParser()) throws -> Node? {
        try parser.parse(text)
    }

    static func error(_ text: String, _ parser: YAMLParser = YAMLParser()) -> YAMLError? {
        do {
            _ = try parser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    static func error(bytes: [UInt8]) -> YAMLError? {
        do {
            _ = try YAMLParser().parse(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }
}
