extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for native and small strings, which
    /// scans far faster than iterating `utf8` byte by byte.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = self
        return contiguous.withUTF8(body)
    }

    /// Whether the string's UTF-8 holds `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        withUTF8Bytes { bytes in
            // Index loops rather than generic algorithms, which a debug build runs slowly.
            var index = 0
            while index < bytes.count {
                if bytes[index] == byte { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether every byte of the string is ASCII.
    var isASCII: Bool {
        withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }
}
