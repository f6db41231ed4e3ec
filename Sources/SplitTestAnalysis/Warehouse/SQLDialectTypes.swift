extension SQLDialect {
    /// The name of a double-precision number in casts.
    var doubleType: String {
        switch self {
        case .duckdb, .spark: "DOUBLE"
        case .bigquery: "FLOAT64"
        case .sqlite: "REAL"
        case .postgresql: "DOUBLE PRECISION"
        }
    }

    /// The name of a 64-bit integer in casts.
    var integerType: String { self == .bigquery ? "INT64" : "BIGINT" }

    /// The name of a string in casts.
    var textType: String {
        switch self {
        case .duckdb, .spark, .bigquery: "STRING"
        case .sqlite, .postgresql: "TEXT"
        }
    }

    /// Whether the query reads the decision service's table, a JSON event line per row, rather
    /// than a warehouse table with a column per field.
    package var readsEventLines: Bool { self == .sqlite || self == .postgresql }
}

extension SQLDialect {
    /// A timestamp column as microseconds since 1970, which every dialect compares exactly.
    func microseconds(_ column: String) -> String {
        switch self {
        case .duckdb: "epoch_us(\(column))"
        case .spark: "unix_micros(\(column))"
        case .bigquery: "UNIX_MICROS(\(column))"
        // The projection of a service's table gives whole milliseconds in SQLite.
        case .sqlite: "(\(column) * 1000)"
        case .postgresql: "(EXTRACT(EPOCH FROM \(column)) * 1000000)"
        }
    }

    /// `name` as a column name: quoted, so that a property named like a keyword (`order`) reads.
    func identifier(_ name: String) -> String {
        switch self {
        case .duckdb, .sqlite, .postgresql: "\"\(name)\""
        case .spark, .bigquery: "`\(name)`"
        }
    }

    /// A number as a double in the query (a bare `0.9` is a decimal in DuckDB and Spark), written
    /// so that it reads back as exactly `value`.
    func double(_ value: Double) -> String {
        "CAST(\(value) AS \(doubleType))"
    }
}
