import Crypto
import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
@_spi(Tools) @testable import SplitTestingRemote
import Testing

/// A device-level experiment the documents resolve, force or leave alone.
struct ButtonColorSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case red, blue, green }
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [3334, 6667, 10_000], control: .red)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A device-level experiment the documents stop.
struct ProfileRedesignSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case current, redesigned }
    static let identifier = "profile_redesign"
    static let definition = SplitTestDefinition(
        identifier: "profile_redesign", groups: Group.self, unitType: .device, salt: "profile_redesign",
        bucketUpperBounds: [5000, 10_000], control: .current)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A device whose bucketed groups are not the controls, so a stop or a forced control shows.
let testDevice: String = {
    for index in 0..<10_000 {
        let device = "device-\(index)"
        if ButtonColorSplitTest.bucketedGroup(forUnit: device) == .blue,
            ProfileRedesignSplitTest.bucketedGroup(forUnit: device) == .redesigned
        {
            return device
        }
    }
    preconditionFailure("some device among 10,000 is bucketed into blue and redesigned")
}()

/// Collects the issues a service reports.
final class IssueRecorder: Sendable {
    private let recorded = TestLock<[SplitTestingIssue]>([])

    var issues: [SplitTestingIssue] { recorded.withLock { $0 } }

    var report: @Sendable (SplitTestingIssue) -> Void {
        { [recorded] issue in recorded.withLock { $0.append(issue) } }
    }
}

/// A lock-guarded value for test bookkeeping.
final class TestLock<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A service of the two test experiments for `testDevice`, recording issues and events.
func makeService(issues: IssueRecorder, tracking: RecordingTrackingProvider = RecordingTrackingProvider()) -> SplitTestingService {
    SplitTestingService(configuration: .init(
        store: InMemoryAssignmentStore(),
        deviceID: testDevice,
        catalog: [ButtonColorSplitTest.self, ProfileRedesignSplitTest.self],
        tracking: TrackingClient(providers: [tracking]),
        report: issues.report,
        builtInAttributes: SplitTestAttributeValues([:])))
}

/// The signing key of the tests (fixed, so that documents are reproducible).
let testSeed = Data((1...32).map { UInt8($0) })
/// The test key, made afresh per use (the Crypto key type is not `Sendable`).
var testSigningKey: Curve25519.Signing.PrivateKey { try! Curve25519.Signing.PrivateKey(rawRepresentation: testSeed) }
let testPublicKey = testSigningKey.publicKey.rawRepresentation.base64EncodedString()

/// A payload's JSON bytes.
func payload(sequence: Int, experiments: [String: [String: Any]], extra: [String: Any] = [:]) -> Data {
    var fields: [String: Any] = ["sequence": sequence, "generated": "2026-11-23T10:00:00Z", "experiments": experiments]
    fields.merge(extra) { $1 }
    return try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
}

/// An envelope of `payload`, signed with the test key unless `signed` is false.
func envelope(_ payload: Data, signed: Bool = true, format: Any = 1) -> Data {
    var fields: [String: Any] = ["format": format, "payload": payload.base64EncodedString()]
    if signed { fields["signature"] = try! testSigningKey.signature(for: payload).base64EncodedString() }
    return try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
}

/// The document of most tests: stops `profile_redesign` and resolves `button_color` to green.
func stopAndResolveDocument(sequence: Int) -> Data {
    envelope(payload(sequence: sequence, experiments: [
        "profile_redesign": ["status": "stopped"],
        "button_color": ["status": "resolved", "winner": "green"],
    ]))
}

/// A fresh folder for a kept document.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("SplitTestingRemoteTests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A remote control of `server`'s document, signed with the test key unless told otherwise.
func makeRemote(
    _ server: ControlServer, directory: URL, publicKey: String? = testPublicKey, timeout: TimeInterval = 5,
    applyImmediately: Bool = false
) -> RemoteControl {
    RemoteControl(configuration: .init(
        url: server.documentURL, publicKey: publicKey, cacheDirectory: directory, timeout: timeout,
        refreshInterval: 3600, applyImmediately: applyImmediately, backoffBase: 3600, backoffMax: 3600))
}

/// What the service serves now, as (group, reason) of both experiments.
struct InForce: Equatable, CustomStringConvertible {
    var buttonColor: String
    var buttonColorReason: AssignmentReason
    var profile: String
    var profileReason: AssignmentReason

    init(_ service: SplitTestingService) {
        let button = service.fetchSplitTest(ButtonColorSplitTest.self)
        let profile = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        // A bucketed group is sticky from the next fetch on; both mean "enrolled by bucketing".
        func enrolled(_ reason: AssignmentReason) -> AssignmentReason { reason == .bucketed ? .sticky : reason }
        buttonColor = button.currentGroup.rawValue
        buttonColorReason = enrolled(button.assignment.reason)
        self.profile = profile.currentGroup.rawValue
        profileReason = enrolled(profile.assignment.reason)
    }

    init(_ buttonColor: String, _ buttonColorReason: AssignmentReason, _ profile: String, _ profileReason: AssignmentReason) {
        self.buttonColor = buttonColor
        self.buttonColorReason = buttonColorReason
        self.profile = profile
        self.profileReason = profileReason
    }

    /// What the compiled definitions give `testDevice`.
    static let compiled = InForce("blue", .sticky, "redesigned", .sticky)
    /// Under `stopAndResolveDocument`.
    static let stoppedAndResolved = InForce("green", .resolved, "current", .stopped)

    var description: String { "\(buttonColor) (\(buttonColorReason)), \(profile) (\(profileReason))" }
}

/// Starts `remote` while the server holds its first request open, and checks that the start
/// and `fetchSplitTest` did not wait for it; then lets the server answer as `script` says.
///
/// - Returns: The first refresh's outcome, and the longest a start or 100 fetches took meanwhile.
func startWhileHeld(
    _ remote: RemoteControl, service: SplitTestingService, server: ControlServer, script: ControlServer.Script
) async throws -> (outcome: RefreshOutcome, longestWait: Duration) {
    var held = script
    held.hold = true
    try await server.script(held)
    let clock = ContinuousClock()
    let startTime = clock.measure { remote.start(service: service) }
    // The first refresh, taken as soon as `start` has begun it: with a short timeout it may end
    // (its request timed out) before the fetches below are done on a loaded machine.
    let first = try #require(remote.refreshUnderWay)
    try await server.waitForRequests(1)
    let fetchTime = clock.measure {
        for _ in 0..<100 { _ = InForce(service) }
    }
    try await server.release()
    let outcome = await first.value
    return (outcome, max(startTime, fetchTime))
}

/// How long a start or 100 fetches may take while a request is held open (until the test
/// releases it): below the 10 s request timeout, so that waiting on the network would show,
/// and generous for a shared, loaded machine and the thread sanitizer.
let noWaitBound = Duration.seconds(2)

/// A bandit of three even arms, as the compiler generates it.
struct OnboardingCopySplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case short, story, video }
    static let identifier = "onboarding_copy"
    static let definition = SplitTestDefinition(
        identifier: "onboarding_copy", groups: Group.self, unitType: .device, salt: "onboarding_copy",
        bucketUpperBounds: [3334, 6667, 10_000], control: .short,
        allocation: .bandit(SplitTestBandit(goal: "signup")))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
