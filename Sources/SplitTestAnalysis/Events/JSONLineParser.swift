import SplitTestFormats

/// Reads one event line, a JSON object, without Foundation and without building a tree: the
/// fields the readout needs are copied out, everything else is skipped. The line's format is the
/// runtime's own (the event-line codec that its JSON-lines provider writes with), so what one
/// writes the other reads.
///
/// Nesting is skipped with a counter, not recursion, so no line can exhaust the stack.
public enum JSONLineParser {
    /// Why a line could not be read.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a JSON object, or not well-formed; the message says where.
        case malformed(String)
        /// Well-formed, but without `event` or a readable `date` (one from 1970 to 2100).
        case missingField(String)
    }

    /// Parses `line` (without its newline).
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<RawEvent, Problem> {
        parse(line, collectingProperties: false)
    }

    /// Parses `line` (without its newline); with `collectingProperties`, the event keeps every
    /// property but `device` and `user` in ``RawEvent/properties``.
    package static func parse(_ line: UnsafeBufferPointer<UInt8>, collectingProperties: Bool) -> Result<RawEvent, Problem> {
        switch EventLine.decode(line, collectingProperties: collectingProperties) {
        case .success(let fields):
            return .success(RawEvent(fields: fields))
        case .failure(.malformed(let reason)): return .failure(.malformed(reason))
        case .failure(.missingField(let reason)): return .failure(.missingField(reason))
        }
    }

    /// Parses `line`, a convenience for tests and tools.
    public static func parse(_ line: String) -> Result<RawEvent, Problem> {
        parse(line, collectingProperties: false)
    }

    /// Parses `line` with its properties, a convenience for tests and tools.
    package static func parse(_ line: String, collectingProperties: Bool) -> Result<RawEvent, Problem> {
        var copy = Array(line.utf8)
        return copy.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0), collectingProperties: collectingProperties) }
    }
}
