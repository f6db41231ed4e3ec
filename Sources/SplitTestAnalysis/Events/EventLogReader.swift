#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams the lines of an event file without loading the file: one buffer, reused, whatever the
/// file's size.
public struct EventLogReader {
    /// Why a file could not be read.
    public struct Failure: Error, Sendable, Hashable {
        /// The path as given.
        public var path: String
        /// What the system said.
        public var reason: String
    }

    /// The path as given.
    public let path: String

    /// A reader of `path`; nothing is opened until ``forEachLine(_:)``.
    public init(path: String) {
        self.path = path
    }

    /// The file's size in bytes, or `nil` when it cannot be read (for progress only).
    public var size: Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Calls `body` with each line's 1-based number and bytes (without `\n` or a trailing `\r`),
    /// and the bytes read so far; returns the number of lines.
    @discardableResult
    public func forEachLine(
        _ body: (_ line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ bytesRead: Int) throws -> Void
    ) throws -> Int {
        guard let file = fopen(path, "rb") else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        var number = 0
        var bytesRead = 0
        while true {
            let length = getline(&buffer, &capacity, file)
            if length < 0 { break }
            guard let buffer else { break }
            number += 1
            bytesRead += length
            var count = length
            let bytes = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
            if count > 0, bytes[count - 1] == 0x0A { count -= 1 }
            if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
            try body(number, UnsafeBufferPointer(start: bytes, count: count), bytesRead)
        }
        if ferror(file) != 0 {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        return number
    }
}
