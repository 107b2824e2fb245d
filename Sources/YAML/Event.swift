internal import CYaml

/// One libyaml event, copied out of its `yaml_event_t` so that the event can be freed at once.
enum Event {
    case streamStart
    case streamEnd
    case documentStart(Mark)
    case documentEnd
    case alias(anchor: String, mark: Mark)
    case scalar(Node.Scalar, anchor: String?)
    case sequenceStart(anchor: String?, tag: String?, mark: Mark)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?, mark: Mark)
    case mappingEnd

    /// Copies `event`; `YAML_NO_EVENT` (never produced by a successful parse) reads as the stream's end.
    init(_ event: yaml_event_t) {
        let mark = Mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: self = .streamStart
        case YAML_DOCUMENT_START_EVENT: self = .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: self = .documentEnd
        case YAML_ALIAS_EVENT: self = .alias(anchor: Self.string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = Node.Scalar(text, style: Self.style(data.style), tag: Self.string(data.tag), mark: mark)
            self = .scalar(scalar, anchor: Self.string(data.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            self = .sequenceStart(anchor: Self.string(data.anchor), tag: Self.string(data.tag), mark: mark)
        case YAML_SEQUENCE_END_EVENT: self = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            self = .mappingStart(anchor: Self.string(data.anchor), tag: Self.string(data.tag), mark: mark)
        case YAML_MAPPING_END_EVENT: self = .mappingEnd
        default: self = .streamEnd
        }
    }

    private static func string(_ text: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        text.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> Node.Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
