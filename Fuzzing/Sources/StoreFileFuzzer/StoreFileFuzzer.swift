@_spi(Tools) import SplitTesting

/// libFuzzer's entry point: the input is a file assignment store's file, which another process
/// (or a crash, or a full disk) may have left in any state. Reading it gives entries (all of the
/// file's, or those salvaged from a partly bad one), never a trap; the file the store writes for
/// those entries reads back as exactly them, and is written identically again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let read = StoreFileCoding.read(bytes)
    let again = StoreFileCoding.read(read.rewritten)
    precondition(again.complete, "the file written for the entries read is a JSON object of strings")
    precondition(
        again.entries.elementsEqual(read.entries) { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value.utf8.elementsEqual($1.value.utf8) },
        "the file written for the entries read holds exactly them, byte for byte")
    precondition(again.rewritten == read.rewritten, "writing the same entries gives the same bytes")
    return 0
}
