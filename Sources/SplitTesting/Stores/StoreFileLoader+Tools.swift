import SplitTestFormats

/// The store file's reading and writing for tools (the fuzzer), outside the API apps use.
@_spi(Tools) public enum StoreFileCoding {
    /// The entries of a store file's `bytes` as a ``FileAssignmentStore`` reads them, whether
    /// they are the whole file (else the file is set aside as corrupt and these are salvaged),
    /// and the bytes the store writes for those entries.
    public static func read(_ bytes: [UInt8]) -> (values: [String: String], complete: Bool, rewritten: [UInt8]) {
        let contents: (values: [String: String], complete: Bool) =
            switch bytes.isEmpty ? .values([:]) : StoreFile.decode(bytes) {
            case .values(let values): (values, true)
            case .corrupt(let salvaged): (salvaged, false)
            }
        return (contents.values, contents.complete, StoreFile.encode(contents.values))
    }
}
