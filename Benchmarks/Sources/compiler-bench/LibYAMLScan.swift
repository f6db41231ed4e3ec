import CYAMLReference

/// The floor for a compiler built on libyaml: parse every event of every file and do nothing
/// with it. A compiler cannot read its input faster than this.
enum LibYAMLScan {
    /// The number of events in `files`, so that the optimiser cannot drop the scan.
    static func countEvents(in files: [[UInt8]]) -> Int {
        var total = 0
        for bytes in files {
            total += bytes.withUnsafeBufferPointer { buffer in
                scan(buffer.baseAddress, count: buffer.count)
            }
        }
        return total
    }

    private static func scan(_ bytes: UnsafePointer<UInt8>?, count: Int) -> Int {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            preconditionFailure("libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes, count)
        var events = 0
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if done { return events }
        }
        preconditionFailure("the generated corpus is valid YAML, yet libyaml rejected it")
    }
}
