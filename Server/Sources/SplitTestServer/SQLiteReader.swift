/// The reads of stored groups that concurrent requests make from a SQLite file, answered
/// together.
///
/// Each read of a unit not kept in memory crosses to the thread that calls into SQLite and back,
/// and has SQLite compile its statement; under load those costs, not the lookup itself, are most
/// of a read. So the reads that arrive while one is under way wait for it to end and are then
/// made as one query for all their units, and each request is answered with its own units'
/// groups. A failed query fails every read in its group, which their requests report as 503.
actor SQLiteReader {
    private let file: SQLiteFile
    private var waiting: [(units: [String], answer: CheckedContinuation<[String: [String: String]], any Error>)] = []
    private var reading = false

    init(file: SQLiteFile) {
        self.file = file
    }

    /// The stored groups of `units` (unit → experiment → group; a unit with none is absent).
    func storedGroups(of units: [String]) async throws -> [String: [String: String]] {
        try await withCheckedThrowingContinuation { answer in
            waiting.append((units, answer))
            if !reading {
                reading = true
                Task { await readWaiting() }
            }
        }
    }

    /// Reads for what is waiting, group after group, until nothing is.
    private func readWaiting() async {
        while !waiting.isEmpty {
            let group = waiting
            waiting = []
            var units: [String] = []
            var seen: Set<String> = []
            for waiter in group {
                for unit in waiter.units where seen.insert(unit).inserted { units.append(unit) }
            }
            do {
                let groups = try await file.run { [units] in try await $0.storedGroups(of: units) }
                for waiter in group {
                    var own: [String: [String: String]] = [:]
                    for unit in waiter.units { own[unit] = groups[unit] }
                    waiter.answer.resume(returning: own)
                }
            } catch {
                for waiter in group { waiter.answer.resume(throwing: error) }
            }
        }
        reading = false
    }
}
