import SplitTestFormats

/// Reads the times of event lines: ISO 8601 in UTC or with an offset (`2026-03-01T12:00:00Z`,
/// `2026-03-01 12:00:00.250+01:00`), as the runtime and warehouse exports write them.
public enum EventTime {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not such a time.
    public static func parse(_ text: String) -> Double? {
        var copy = Array(text.utf8)
        return copy.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    /// Seconds since 1970-01-01T00:00:00Z of the time in `bytes`, or `nil`.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        EventDate.parse(bytes)
    }
}
