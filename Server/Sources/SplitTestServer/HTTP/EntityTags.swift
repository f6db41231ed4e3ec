/// `If-None-Match` as a `GET` compares it (RFC 9110, 13.1.2): `*`, or a comma-separated list of
/// entity tags, each compared weakly, so that `W/"x"` and `"x"` match each other.
enum EntityTags {
    /// Whether the `If-None-Match` field lines `fieldLines` name `etag` or any tag. A member that
    /// is not an entity tag matches nothing; the ones beside it still count.
    static func ifNoneMatch(_ fieldLines: [String], matches etag: String) -> Bool {
        let ours = opaqueTag(Array(etag.utf8)[...])
        for line in fieldLines {
            let bytes = Array(line.utf8)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "*") { return true }
                // An entity tag: an optional `W/`, then a quoted string without quotes inside,
                // which may hold commas.
                var start = index
                if bytes[start...].starts(with: [UInt8(ascii: "W"), UInt8(ascii: "/")]) { start += 2 }
                if start < bytes.count, bytes[start] == UInt8(ascii: "\""),
                    let close = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "\""))
                {
                    if bytes[start...close].elementsEqual(ours) { return true }
                    index = close + 1
                } else {
                    index = bytes[index...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                }
            }
        }
        return false
    }

    /// The quoted part of an entity tag, without its weakness indicator.
    private static func opaqueTag(_ tag: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        tag.starts(with: [UInt8(ascii: "W"), UInt8(ascii: "/")]) ? tag.dropFirst(2) : tag
    }
}
