import SplitTestFormats

/// The reads of stored groups that concurrent requests make from a SQLite file, answered
/// together.
///
/// Each read of a unit not kept in memory crosses to the thread that calls into SQLite and back,
/// and has SQLite compile its statement; under load those costs, not the lookup itself, are most
/// of a read. So the reads that arrive while one is under way wait for it to end and are then
/// made as one query for all their units (a ``RequestBatcher``), and each request is answered with
/// its own units' groups. A failed query fails every read in its group, which their requests
/// report as 503.
struct SQLiteReader: Sendable {
    private let batcher: RequestBatcher<[String], StoredGroups>

    init(file: SQLiteFile) {
        batcher = RequestBatcher { reads in
            var units: [String] = []
            // Each unit once, by its bytes: two ids that are one `String` to Swift are two units.
            var seen: Set<UTF8Key> = []
            for read in reads {
                for unit in read where seen.insert(UTF8Key(unit)).inserted { units.append(unit) }
            }
            let groups = try await file.run { [units] in try await $0.storedGroups(of: units) }
            return reads.map { groups.restricted(to: $0) }
        }
    }

    /// The stored groups of `units`.
    func storedGroups(of units: [String]) async throws -> StoredGroups {
        try await batcher.submit(units)
    }
}
