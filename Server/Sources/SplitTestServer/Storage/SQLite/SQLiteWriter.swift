import SQLiteNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The writes of concurrent requests to a SQLite file, committed together ("group commit").
///
/// A commit with full synchronisation waits for the disk (an fsync: milliseconds on a virtual
/// disk), and one connection commits one transaction at a time; committing each request's rows in
/// a transaction of its own would hold the service to a few hundred writes a second. So the writes
/// that arrive while a transaction commits wait for it to end and then share the next one (a
/// ``RequestBatcher``): each
/// is still answered only once its rows are on disk (a write is never acknowledged before the
/// commit that holds it), and the disk is synchronised once per group. A group that fails is
/// rolled back whole and every write in it fails, which its request reports as 503.
struct SQLiteWriter: Sendable {
    /// One request's write.
    enum Write: Sendable {
        /// Remove the groups resolutions discarded, then store each new group where the unit
        /// has none yet in that experiment; the answer is the groups in force afterwards for the
        /// units and experiments stored.
        case apply([StoredAssignmentChange])
        /// Append event lines, in order.
        case append([String])
        /// Forget every stored group of a unit.
        case delete(String)
    }

    /// What a write answers: the groups in force for a ``Write/apply(_:)``, none otherwise.
    typealias Answer = StoredGroups

    /// The writes waiting, committed a group at a time.
    private let batcher: RequestBatcher<Write, Answer>

    init(file: SQLiteFile) {
        batcher = RequestBatcher { writes in try await file.run { try await Self.commit(writes, on: $0) } }
    }

    /// Performs `write` in the next transaction and returns once that transaction is committed.
    func perform(_ write: Write) async throws -> Answer {
        try await batcher.submit(write)
    }

    /// Performs `writes` in arrival order in one transaction, each run of writes of one kind in
    /// as few statements as the limit on parameters allows; returns each write's answer.
    ///
    /// Writes that take one statement are that statement alone, which SQLite commits as a
    /// transaction of its own: each call into SQLite waits for its thread and then for the
    /// request's, and under load `BEGIN` and `COMMIT` doubled the time a commit took.
    private static func commit(_ writes: [Write], on connection: SQLiteConnection) async throws -> [Answer] {
        let single = statementCount(writes) == 1
        if !single { _ = try await connection.rows("BEGIN IMMEDIATE") }
        do {
            var answers: [Answer] = []
            for run in runs(of: writes) {
                switch run.first! {
                case .apply: answers += try await apply(run.map(\.changes), on: connection)
                case .append:
                    try await append(run.flatMap(\.lines), on: connection)
                    answers += Array(repeating: StoredGroups(), count: run.count)
                case .delete:
                    try await delete(run.map(\.unit), on: connection)
                    answers += Array(repeating: StoredGroups(), count: run.count)
                }
            }
            if !single { _ = try await connection.rows("COMMIT") }
            return answers
        } catch {
            if !single { _ = try? await connection.rows("ROLLBACK") }
            throw error
        }
    }

    /// How many statements ``commit(_:on:)`` makes for `writes`, not counting a store's read of
    /// the groups it did not insert, which follows its insert.
    private static func statementCount(_ writes: [Write]) -> Int {
        func chunks(_ count: Int, of size: Int) -> Int { (count + size - 1) / size }
        return runs(of: writes).reduce(0) { count, run in
            switch run.first! {
            case .apply:
                count + chunks(run.reduce(0) { $0 + $1.changes.filter(\.isRemoval).count }, of: SQLiteConnection.rowsPerStatement)
                    + chunks(run.reduce(0) { $0 + $1.changes.filter { !$0.isRemoval }.count }, of: SQLiteConnection.rowsPerStatement)
            case .append: count + chunks(run.reduce(0) { $0 + $1.lines.count }, of: SQLiteConnection.rowsPerStatement * 3)
            case .delete: count + chunks(run.count, of: SQLiteConnection.rowsPerStatement)
            }
        }
    }

    /// `writes` cut into runs of consecutive writes of one kind, which share statements; none is
    /// empty.
    private static func runs(of writes: [Write]) -> [ArraySlice<Write>] {
        var runs: [ArraySlice<Write>] = []
        var start = 0
        while start < writes.count {
            var end = start + 1
            while end < writes.count, writes[end].kind == writes[start].kind { end += 1 }
            runs.append(writes[start..<end])
            start = end
        }
        return runs
    }

    /// Removes every discarded group still stored, then inserts every group that is not stored
    /// yet; the groups in force are those inserted, and for a unit and experiment that had one
    /// already (another request's), the one read back.
    private static func apply(_ writes: [[StoredAssignmentChange]], on connection: SQLiteConnection) async throws -> [Answer] {
        var removals: [(unit: String, experiment: String, group: String)] = []
        // Each unit's experiment once, in one order (two requests for the same new unit in one
        // group: the first stored wins for both, as it would in two transactions).
        var rows: [(unit: String, experiment: String, assignment: StoredAssignment)] = []
        var named: Set<[UTF8Key]> = []
        for changes in writes {
            for change in changes {
                switch change {
                case .remove(let experiment, let unit, let group):
                    removals.append((unit, experiment, group))
                case .store(let experiment, let unit, let assignment):
                    if named.insert([UTF8Key(unit), UTF8Key(experiment)]).inserted { rows.append((unit, experiment, assignment)) }
                }
            }
        }
        for chunk in removals.chunks(of: SQLiteConnection.rowsPerStatement) {
            _ = try await connection.rows(
                "DELETE FROM assignments WHERE (unit, experiment, group_name) IN (VALUES "
                    + SQLiteConnection.placeholders(chunk.count, each: "(?, ?, ?)") + ")",
                chunk.flatMap { [SQLiteData.text($0.unit), .text($0.experiment), .text($0.group)] })
        }
        var inForce = StoredGroups()
        for chunk in rows.chunks(of: SQLiteConnection.rowsPerStatement) {
            // RETURNING names the rows inserted; a row that met one stored before is not.
            for row in try await connection.rows(
                "INSERT INTO assignments (unit, experiment, group_name, period, assigned_at) VALUES "
                    + SQLiteConnection.rowsWithTime(chunk.count, columns: 4)
                    + " ON CONFLICT DO NOTHING RETURNING unit, experiment, group_name, period",
                [.text(SQLiteConnection.now())]
                    + chunk.flatMap { row -> [SQLiteData] in
                        [.text(row.unit), .text(row.experiment), .text(row.assignment.group),
                            row.assignment.period.map { .integer($0) } ?? .null]
                    })
            {
                if let (unit, experiment, assignment) = SQLiteConnection.storedAssignment(in: row) {
                    inForce[unit: unit, experiment: experiment] = assignment
                }
            }
        }
        // Only units with a row not inserted are read back.
        let unsettled = Set(rows.filter { inForce[unit: $0.unit, experiment: $0.experiment] == nil }.map(\.unit))
        if !unsettled.isEmpty {
            for (unit, experiment, assignment) in try await connection.storedGroups(of: unsettled.sorted()).all
            where inForce[unit: unit, experiment: experiment] == nil {
                inForce[unit: unit, experiment: experiment] = assignment
            }
        }
        return writes.map { changes in
            var answer = StoredGroups()
            for case .store(let experiment, let unit, _) in changes {
                answer[unit: unit, experiment: experiment] = inForce[unit: unit, experiment: experiment]
            }
            return answer
        }
    }

    /// Appends the lines in one or a few statements; their ids follow their order.
    private static func append(_ lines: [String], on connection: SQLiteConnection) async throws {
        for chunk in lines.chunks(of: SQLiteConnection.rowsPerStatement * 3) {
            _ = try await connection.rows(
                "INSERT INTO events (line, received_at) VALUES " + SQLiteConnection.rowsWithTime(chunk.count, columns: 1),
                [.text(SQLiteConnection.now())] + chunk.map { .text($0) })
        }
    }

    /// Deletes every stored group of the units.
    private static func delete(_ units: [String], on connection: SQLiteConnection) async throws {
        for chunk in units.chunks(of: SQLiteConnection.rowsPerStatement) {
            _ = try await connection.rows(
                "DELETE FROM assignments WHERE unit IN (\(SQLiteConnection.placeholders(chunk.count)))",
                chunk.map { .text($0) })
        }
    }
}

extension SQLiteWriter.Write {
    /// Which statement performs it: writes of one kind in a row share statements.
    fileprivate var kind: Int {
        switch self {
        case .apply: 0
        case .append: 1
        case .delete: 2
        }
    }

    fileprivate var changes: [StoredAssignmentChange] {
        if case .apply(let changes) = self { changes } else { [] }
    }

    fileprivate var lines: [String] {
        if case .append(let lines) = self { lines } else { [] }
    }

    fileprivate var unit: String {
        if case .delete(let unit) = self { unit } else { "" }
    }
}

extension StoredAssignmentChange {
    /// Whether it removes a discarded group rather than storing one.
    var isRemoval: Bool {
        if case .remove = self { true } else { false }
    }
}
