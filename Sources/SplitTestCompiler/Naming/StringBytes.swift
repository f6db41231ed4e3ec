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
        withUTF8Bytes { $0.contains(byte) }
    }

    /// Whether every byte of the string is ASCII.
    var isASCII: Bool {
        withUTF8Bytes { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }
}
