/// A message about a definition, attached to the place it is about.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// The definitions cannot be compiled.
        case error
        /// The definitions compile, but something deserves attention.
        case warning
        /// More about the diagnostic printed just before it.
        case note
    }

    /// How bad it is.
    public var severity: Severity
    /// What is wrong, in words a user can act on.
    public var message: String
    /// Where it is.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// An error at `location`.
    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    /// A warning at `location`.
    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// A note at `location`, printed after the diagnostic it explains.
    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// `path:line:column: severity: message`, the line SwiftPM and Xcode attach to the file.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
