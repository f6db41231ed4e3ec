/// The access level of the declarations `splitc generate` writes.
public enum AccessLevel: String, Sendable, CaseIterable {
    /// Visible to the modules that import the target (the default): for a framework of experiments.
    case `public`
    /// Visible inside the target only: for an app that generates its experiments next to its code.
    case `internal`

    /// The modifier that prefixes each declaration, with its trailing space; empty for `internal`,
    /// which Swift assumes when nothing is written. A `StaticString`, which the printer copies
    /// without a call into `String`.
    var modifier: StaticString {
        switch self {
        case .public: "public "
        case .internal: ""
        }
    }
}
