import SplitTestFormats

/// The store file's reading and writing for tools (the fuzzer), outside the API apps use.
@_spi(Tools) public enum StoreFileCoding {
    /// The entries of a store file's `bytes` as a ``FileAssignmentStore`` reads them, in the
    /// order of their keys' UTF-8 bytes (keys that differ only in their Unicode normalization are
    /// two entries), whether they are the whole file (else the file is set aside as corrupt and
    /// these are salvaged), and the bytes the store writes for those entries.
    public static func read(_ bytes: [UInt8]) -> (entries: [(key: String, value: String)], complete: Bool, rewritten: [UInt8]) {
        let contents: (values: [UTF8Key: String], complete: Bool) =
            switch bytes.isEmpty ? .values([:]) : StoreFile.decode(bytes) {
            case .values(let values): (values, true)
            case .corrupt(let salvaged): (salvaged, false)
            }
        let entries = contents.values.map { (key: $0.key.string, value: $0.value) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return (entries, contents.complete, StoreFile.encode(contents.values))
    }
}
