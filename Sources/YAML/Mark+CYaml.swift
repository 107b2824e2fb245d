internal import CYaml

extension Mark {
    /// The mark of libyaml's 0-based `mark`.
    init(_ mark: yaml_mark_t) {
        self.init(line: mark.line + 1, column: mark.column + 1)
    }

    /// The mark of the byte at `offset` in the UTF-8 text `input` (libyaml gives only an offset for
    /// the problems of its reader): lines end at LF, CR LF or CR; columns count Unicode scalars.
    init(offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var previous: UInt8 = 0
        for byte in input.prefix(offset) {
            if byte == 0x0A && previous == 0x0D {
                // The LF of a CR LF: the CR already began the line.
            } else if byte == 0x0A || byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            previous = byte
        }
        self.init(line: line, column: column)
    }
}
