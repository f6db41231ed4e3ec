#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What tells one version of a file from another without reading it: one `stat` call.
///
/// Every writer of a shared ``FileAssignmentStore`` renames a new file over the old one, so a
/// change always brings a new inode; the size and the modification and status-change times
/// (to the nanosecond where the file system keeps them) guard against an inode number being
/// reused. A stamp that happens to match although the file changed only delays seeing the
/// change until the next one, and the next write still merges with the file as it is.
///
/// These are file timestamps, a required-reason API on Apple platforms: the privacy manifest
/// declares them for files in the app's or its App Group's container.
struct FileStamp: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedNanoseconds: Int64
    var changedNanoseconds: Int64

    /// The stamp of the file at `path`, or nil when there is none (or it cannot be examined).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The stamp of the open file `descriptor`.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modifiedNanoseconds = Self.nanoseconds(status.st_mtimespec)
            changedNanoseconds = Self.nanoseconds(status.st_ctimespec)
        #else
            modifiedNanoseconds = Self.nanoseconds(status.st_mtim)
            changedNanoseconds = Self.nanoseconds(status.st_ctim)
        #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
