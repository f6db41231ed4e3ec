/// Where event lines come from: an event file (``EventLogReader``) or the `events` table of a
/// decision service's database (``EventDatabase``), read alike by ``EventFiles``, so that a bad
/// row is reported and left out as a bad line is.
package protocol EventLineSource {
    /// How messages name the source: the path as given, or the database's location.
    var name: String { get }

    /// The bytes to read, for progress; `nil` when unknown.
    var size: Int? { get }

    /// Calls `body` with each line's number (the 1-based line of a file, the `id` of a row), its
    /// bytes, and the bytes read so far, in order; returns the number of lines.
    @discardableResult
    func forEachLine(_ body: (_ line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ bytesRead: Int) throws -> Void) throws -> Int
}

extension EventLogReader: EventLineSource {
    package var name: String { path }
}
