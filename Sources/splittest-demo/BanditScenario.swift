import Crypto
import Foundation
import SplitTestAnalysis
import SplitTesting
import SplitTestingRemote
import SplitTestStatistics

/// `onboarding_copy` is a bandit: over six periods, new installs are bucketed by the weights in
/// force, some sign up (story a little more often), and after each period `SplitTestAnalysis` (what
/// `splitc bandit` runs) reads the events and computes the next period's weights, which reach the
/// installs of the next period as a signed control document, through `SplitTestingRemote`, as
/// they reach an app. Installs from the first period come back in the last: they keep their
/// group, whatever the weights say.
func runBanditScenario() {
    section("A bandit over six periods: onboarding_copy follows the sign-ups (story converts best)")
    withScratchDirectory("bandit") { directory in
        let eventsURL = directory.appendingPathComponent("events.jsonl")
        let events = JSONLinesTrackingProvider(fileURL: eventsURL)
        let issues = Collected<SplitTestingIssue>()
        // One store for every simulated install: a store that persists, as a bandit needs.
        let store: BuiltInAssignmentStore = .file(
            at: directory.appendingPathComponent("assignments.json"), report: { issues.append($0) })
        let publisher = BanditPublisher(cacheDirectory: directory.appendingPathComponent("control"))
        let rates: [OnboardingCopySplitTest.Group: Double] = [.short: 0.04, .story: 0.07, .video: 0.05]
        var random = SplitMix64(seed: 7)
        var table = TextTable(header: ["period", "weights in force", "installs", "short", "story", "video", "what splitc bandit said"])
        let installsPerPeriod = 2_000
        var firstGroups: [String: OnboardingCopySplitTest.Group] = [:]
        var inForce = "even"

        for period in 0..<6 {
            var counts: [OnboardingCopySplitTest.Group: Int] = [:]
            for index in 0..<installsPerPeriod {
                let device = Population.deviceID(10_000 * (period + 1) + index)
                let service = publisher.launch(SplitTestingService.Configuration(
                    store: store, deviceID: device, catalog: SplitTestCatalog.all,
                    tracking: TrackingClient(providers: [events]), report: { issues.append($0) }))
                let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
                test.hitSplitTest()
                guard test.assignment.reason.isEnrolled else { continue }
                counts[test.currentGroup, default: 0] += 1
                if period == 0, index < 300 { firstGroups[device] = test.currentGroup }
                if random.uniform() < rates[test.currentGroup, default: 0] { service.trackGoal("signup") }
            }
            events.flush()
            let enrolled = counts.values.reduce(0, +)
            let cells = OnboardingCopySplitTest.Group.allCases.map { "\(counts[$0, default: 0])" }

            // The definition in force, as a launch with the kept document sees it: the next
            // weights are computed from it, as `splitc bandit` computes them from the document.
            let definition = publisher.definitionInForce()
            var accumulator = EventAccumulator(definitions: [OnboardingCopySplitTest.definition])
            do {
                try EventFiles.read([eventsURL.path], into: &accumulator)
            } catch {
                print("cannot read \(eventsURL.lastPathComponent): \(error)")
                return
            }
            let update = BanditUpdate.update(
                definition: definition, totals: accumulator.totals().first { $0.experiment == OnboardingCopySplitTest.identifier })
            var said = ""
            switch update.outcome {
            case .updated(let hundredths, let next):
                said = "period \(next): " + hundredths.map { percent(Double($0) / 10_000) }.joined(separator: " / ")
                publisher.publish(weights: hundredths, period: next)
            case .burnInNotReached(let group, let units, let burnIn):
                said = "burn-in not reached ('\(group)' has \(units) of \(burnIn) units)"
            }
            table.append(["\(period)", inForce, "\(enrolled)"] + cells + [said])
            if case .updated(let hundredths, _) = update.outcome {
                inForce = hundredths.map { percent(Double($0) / 10_000) }.joined(separator: " / ")
            }
        }
        print("units bucketed in each period under the weights in force, and the update after it:")
        print(table.render())

        // The first period's installs come back under the last document: every one keeps its group.
        let kept = firstGroups.filter { device, group in
            let service = publisher.launch(SplitTestingService.Configuration(
                store: store, deviceID: device, catalog: SplitTestCatalog.all))
            return service.fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == group
        }.count
        print("\(kept) of \(firstGroups.count) installs of period 0, back under the last document's weights, kept their group")

        var accumulator = EventAccumulator(definitions: [OnboardingCopySplitTest.definition])
        try? EventFiles.read([eventsURL.path], into: &accumulator)
        let readout = ReadoutBuilder.readouts(accumulator.totals().filter { $0.experiment == OnboardingCopySplitTest.identifier })
        print("\nsplitc analyze events.jsonl --definitions experiments (without the documents, periods pooled):")
        print(TextReport.render(readout))
        let banditIssues = issues.all.filter { if case .banditWithoutPersistentStore = $0 { true } else { false } }
        if !banditIssues.isEmpty { print("reported: \(banditIssues[0])") }
    }
}

/// Plays the release pipeline and the CDN of the bandit: signs each period's weights as
/// `splitc publish --sign-key` does and keeps the document where `RemoteControl` keeps the last
/// good one, so that every launch applies it at start, as an app that fetched it before does.
private struct BanditPublisher {
    let cacheDirectory: URL
    private let signingKey = Curve25519.Signing.PrivateKey()
    private var publicKey: String { signingKey.publicKey.rawRepresentation.base64EncodedString() }

    init(cacheDirectory: URL) {
        self.cacheDirectory = cacheDirectory
    }

    /// Keeps a signed document that gives `onboarding_copy` `weights` (hundredths of a percent, in
    /// group order) from `period` on; its sequence is the period.
    func publish(weights: [Int], period: Int) {
        let groups = OnboardingCopySplitTest.Group.allCases.map(\.rawValue)
        // Compact JSON with sorted keys, as `splitc publish` writes it; each weight in percent.
        let members = zip(groups, weights).sorted { $0.0 < $1.0 }.map { group, hundredths in
            "\"\(group)\":\(hundredths % 100 == 0 ? String(hundredths / 100) : String(Double(hundredths) / 100))"
        }
        let payload = Data(
            "{\"experiments\":{\"\(OnboardingCopySplitTest.identifier)\":{\"period\":\(period),\"weights\":{\(members.joined(separator: ","))}}},\"sequence\":\(period)}"
                .utf8)
        guard let signature = try? signingKey.signature(for: payload) else { return }
        let envelope = ControlEnvelope(payload: payload, signature: signature)
        try? ControlDocumentCache(directory: cacheDirectory).save(.init(envelope: envelope.data, etag: nil, sequence: period))
    }

    /// A service as an app starts one: the kept document, if any, applied before the first fetch.
    /// The refresh that a start begins is stopped at once: nothing is served over the network here.
    func launch(_ configuration: SplitTestingService.Configuration) -> SplitTestingService {
        let service = SplitTestingService(configuration: configuration)
        let remote = RemoteControl(configuration: .init(
            url: URL(string: "http://127.0.0.1:9/control.json")!, publicKey: publicKey, cacheDirectory: cacheDirectory))
        remote.start(service: service)
        remote.stop()
        return service
    }

    /// `onboarding_copy`'s definition with the kept document applied, as the debug menu shows it.
    func definitionInForce() -> SplitTestDefinition {
        let probe = launch(SplitTestingService.Configuration(store: .inMemory, catalog: [OnboardingCopySplitTest.self]))
        return probe.debugSnapshot().experiments.first { $0.identifier == OnboardingCopySplitTest.identifier }?.definition
            ?? OnboardingCopySplitTest.definition
    }
}
