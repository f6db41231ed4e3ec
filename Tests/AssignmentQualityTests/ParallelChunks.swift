import Dispatch

/// Splits work over the units across the machine's cores: a debug build hashes a million ids in
/// tens of seconds on one core, and the chunks are independent.
enum ParallelChunks {
    /// `transform` applied to each of `0..<count`, in order, computed in `chunks` contiguous
    /// slices on concurrent threads.
    static func map<Element: Sendable>(
        count: Int, chunks: Int = 2, _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        let slices = (0..<chunks).map { chunk in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) }
        var results = Array(repeating: [Element](), count: chunks)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes only its own element of `buffer`, so no two threads touch
            // the same memory, and concurrentPerform returns only when all of them are done.
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                output[chunk] = slices[chunk].map(transform)
            }
        }
        return results.flatMap { $0 }
    }
}
