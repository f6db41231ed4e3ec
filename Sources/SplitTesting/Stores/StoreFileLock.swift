import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The exclusive advisory lock that processes sharing a ``FileAssignmentStore`` file take to
/// read, merge and replace it one at a time: `flock` on a sidecar file, `<name>.lock`.
///
/// Why `flock` rather than `fcntl` record locks: a `flock` lock belongs to the open file
/// description, so two stores on one file in the same process (or a store's writer and a
/// caller's thread) exclude each other as two processes do; an `fcntl` lock belongs to the
/// process, never excludes its own threads, and is dropped when the process closes any
/// descriptor of the file. Both work on Darwin and Linux, and the kernel releases either when
/// the holder dies, so a process killed while it writes never leaves the others locked out.
///
/// Why a sidecar file: the store file itself is replaced by rename on every write, so a lock
/// on it would be on an inode that is no longer the file. The lock file is never removed, for
/// the same reason. It holds one number, the count of writes made under it (eight bytes, little
/// endian), which each writer advances before it renames its file into place: a writer that
/// finds the count it left knows that nobody replaced the file since, and need not read it.
///
/// The lock is only ever taken inside one synchronous call and released before it returns, so
/// it is never held across a suspension point.
struct StoreFileLock {
    /// The lock file: the store file's name with `.lock` appended.
    let url: URL

    /// Why the lock could not be taken.
    enum Failure: Error, CustomStringConvertible {
        /// The lock file could not be opened or locked (a read-only or missing folder, a file
        /// system without locks).
        case unavailable(path: String, reason: String)
        /// Another holder kept it for longer than the wait allowed.
        case timedOut(path: String, seconds: Double)

        var description: String {
            switch self {
            case .unavailable(let path, let reason):
                "the lock file \(path) cannot be locked (\(reason))"
            case .timedOut(let path, let seconds):
                "another process held the lock file \(path) for more than \(Self.format(seconds)) s"
            }
        }

        private static func format(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }

    init(storeFile: URL) {
        url = storeFile.deletingLastPathComponent().appendingPathComponent(storeFile.lastPathComponent + ".lock")
    }

    /// The lock, held: what the lock file counts.
    struct Holder {
        fileprivate let descriptor: Int32
        fileprivate let path: String

        /// How many writes were made under the lock, or nil when the lock file cannot be read
        /// (a lock file too short to hold a count, such as a new one, counts none).
        func writeCount() -> UInt64? {
            var bytes = [UInt8](repeating: 0, count: 8)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 8, 0) }
            if read < 0 { return nil }
            return read < 8 ? 0 : bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// Counts one more write, made after `count`; call it before renaming the new file into
        /// place, so that a writer killed in between only makes the others read the file again.
        func recordWrite(after count: UInt64) throws -> UInt64 {
            let next = count &+ 1
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: next >> (8 * $0)) }
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 8, 0) }
            guard written == 8 else { throw StoreFileError(operation: "count a write in", path: path, code: errno) }
            return next
        }
    }

    /// Runs `body` holding the lock. Waits at most `seconds` for another holder, polling with a
    /// non-blocking attempt, since a blocking `flock` cannot be given a deadline. The pause
    /// between attempts grows from half a millisecond to two, short enough that a writer that
    /// releases and takes the lock again in a loop cannot keep a waiter out for long.
    func withLock<Result>(waitingAtMost seconds: Double, _ body: (Holder) throws -> Result) throws -> Result {
        var descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        let error = errno
        if descriptor < 0, error == EACCES || error == EROFS {
            // Read-only is enough to lock (and a file cannot be replaced there anyway), so an
            // existing lock file in a folder that has become read-only still locks.
            descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            throw Failure.unavailable(path: url.path, reason: String(cString: strerror(error)))
        }
        // Closing the only descriptor of this open file description releases the lock.
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var pause = 0.000_5
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            if error == EINTR { continue }
            guard error == EWOULDBLOCK else {
                throw Failure.unavailable(path: url.path, reason: String(cString: strerror(error)))
            }
            guard clock.now < deadline else { throw Failure.timedOut(path: url.path, seconds: seconds) }
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 2, 0.002)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body(Holder(descriptor: descriptor, path: url.path))
    }
}
