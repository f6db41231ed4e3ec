import Foundation

/// Where ``RemoteControl`` fetches its control document, how it trusts it, and how often it asks.
///
/// ```swift
/// var configuration = RemoteControlConfiguration(
///     url: URL(string: "https://cdn.example.com/split-tests/control.json")!,
///     publicKey: "6hY0…",              // printed by `splitc keygen`
///     cacheDirectory: applicationSupport)
/// configuration.refreshInterval = 15 * 60
/// ```
public struct RemoteControlConfiguration: Sendable {
    /// The document's address; any static host serves.
    public var url: URL
    /// The Ed25519 public key documents must be signed with, base64 of its 32 raw bytes. `nil`
    /// accepts unsigned documents (for development) and reports that once.
    public var publicKey: String?
    /// The folder where the last good document is kept (see ``ControlDocumentCache``).
    public var cacheDirectory: URL
    /// The longest a request may take, in seconds; default 10.
    public var timeout: TimeInterval
    /// The time between successful refreshes, in seconds; default one hour.
    public var refreshInterval: TimeInterval
    /// The largest document accepted, in bytes; default 1 MiB. Larger ones are cut off while downloading.
    public var maxDocumentSize: Int
    /// Whether a fetched document applies at once (resolutions made earlier in the session are
    /// made again) rather than at the next start; default `false`, so no screen changes under
    /// the user's eyes.
    public var applyImmediately: Bool
    /// The wait after the first failed refresh, in seconds, doubled after each further failure
    /// and jittered; default 30.
    public var backoffBase: TimeInterval
    /// The longest wait after failures, in seconds; default one hour.
    public var backoffMax: TimeInterval

    /// The default of ``maxDocumentSize``: 1 MiB, the largest control document any client accepts, which `splitc assign --control`
    /// applies too.
    public static let defaultMaxDocumentSize = 1 << 20

    /// Creates a configuration; see each property for its default.
    public init(
        url: URL,
        publicKey: String? = nil,
        cacheDirectory: URL,
        timeout: TimeInterval = 10,
        refreshInterval: TimeInterval = 3600,
        maxDocumentSize: Int = defaultMaxDocumentSize,
        applyImmediately: Bool = false,
        backoffBase: TimeInterval = 30,
        backoffMax: TimeInterval = 3600
    ) {
        self.url = url
        self.publicKey = publicKey
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
        self.refreshInterval = refreshInterval
        self.maxDocumentSize = maxDocumentSize
        self.applyImmediately = applyImmediately
        self.backoffBase = backoffBase
        self.backoffMax = backoffMax
    }

    /// The wait before the next refresh after `failures` failures in a row (0 after a success):
    /// the refresh interval, or the backoff doubled per failure, capped, with ±25 % jitter.
    func delay(afterFailures failures: Int, random: Double = Double.random(in: 0...1)) -> TimeInterval {
        guard failures > 0 else { return refreshInterval }
        let exponent = Double(min(failures - 1, 40))
        let base = min(backoffMax, backoffBase * pow(2, exponent))
        return min(backoffMax, max(0, base * (0.75 + 0.5 * random)))
    }
}
