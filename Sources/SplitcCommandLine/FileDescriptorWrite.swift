import Foundation

/// Writes every byte to an open file, through the system's calls rather than Foundation's, for
/// the files whose writing `splitc` decides itself: a key created exclusively, the pages of a
/// catalog written without waiting for the disk.
package enum FileDescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, again after an interruption; the `errno` of the
    /// failure, or nil.
    package static func all(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
    }
}
