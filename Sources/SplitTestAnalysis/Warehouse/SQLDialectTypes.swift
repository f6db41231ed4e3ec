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
