import ArgumentParser

/// How a command prints its result.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// For people: diagnostics as `path:line:column: severity: message` on standard error.
    case text
    /// For tools: one JSON document on standard output.
    case json
}
