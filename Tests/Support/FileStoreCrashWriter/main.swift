import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting

// Writes numbered assignments into a FileAssignmentStore as fast as it can, forever, so that the
// fault tests can kill it with SIGKILL at arbitrary moments and check what is left on disk.
//
// Usage: FileStoreCrashWriter <store file>
//
// The store holds 64 assignment keys, `split_test.assignment.crash_writer.unit-<i>`; the n-th
// write (counted from 0) sets key `n % 64` to "n". Any state that was ever complete in memory therefore
// names its own write count (the largest value) and determines every other entry, which is how
// the tests tell a whole state from a torn one. A file left by an earlier run is continued
// rather than restarted, so that states stay of that form across kills.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: FileStoreCrashWriter <store file>\n".utf8))
    exit(2)
}

let unitCount = 64
let store = FileAssignmentStore(fileURL: URL(fileURLWithPath: arguments[1])) { issue in
    FileHandle.standardError.write(Data("FileStoreCrashWriter: \(issue)\n".utf8))
}

func key(unit: Int) -> String {
    StorageKey.assignment(experiment: "crash_writer", unit: "unit-\(unit)")
}

// Resume after the largest write count found, so that the state stays consistent.
var next = (0..<unitCount).compactMap { store.string(for: key(unit: $0)).flatMap { Int($0) } }.max().map { $0 + 1 } ?? 0

// One write on disk before announcing readiness, so the test knows the file exists.
store.set(String(next), for: key(unit: next % unitCount))
next += 1
store.flush()
// Written straight to the descriptor: a pipe makes stdout fully buffered, so print would wait.
FileHandle.standardOutput.write(Data("ready \(next)\n".utf8))

while true {
    store.set(String(next), for: key(unit: next % unitCount))
    next += 1
}
