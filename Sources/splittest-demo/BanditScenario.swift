import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics

/// `onboarding_copy` is a bandit: over six periods, new installs are bucketed by the weights in
/// force, some sign up (story a little more often), and after each period `SplitTestAnalysis` (what
/// `splitc bandit` runs) reads the events and sets the next period's weights. Installs from the
/// first period come back in the last: they keep their group, whatever the weights say.
func runBanditScenario() {
    section("A bandit over six periods: onboarding_copy follows the sign-ups (story converts best)")
    withScratchDirectory("bandit") { directory in
        let eventsURL = directory.appendingPathComponent("events.jsonl")
        let events = JSONLinesTrackingProvider(fileURL: eventsURL)
        let issues = Collected<SplitTestingIssue>()
        // One store for every simulated install: a store that persists, as a bandit needs.
        let store = FileAssignmentStore(
            fileURL: directory.appendingPathComponent("assignments.json"), sharing: .singleProcess, report: { issues.append($0) })
        let rates: [OnboardingCopySplitTest.Group: Double] = [.short: 0.04, .story: 0.07, .video: 0.05]
        var random = SplitMix64(seed: 7)
        var control = SplitTestControl(sequence: 1, experiments: [:])
        var history: [SplitTestControl] = []
        var table = TextTable(header: ["period", "installs", "short", "story", "video", "what splitc bandit said"])
        let installsPerPeriod = 2_000
        var firstGroups: [String: OnboardingCopySplitTest.Group] = [:]

        for period in 0..<6 {
            let definition = (try? OnboardingCopySplitTest.definition.applying(
                control.experiments[OnboardingCopySplitTest.identifier] ?? .init()).get()) ?? OnboardingCopySplitTest.definition
            var counts: [OnboardingCopySplitTest.Group: Int] = [:]
            for index in 0..<installsPerPeriod {
                let device = Population.deviceID(10_000 * (period + 1) + index)
                var configuration = SplitTestingService.Configuration(
                    store: store, deviceID: device, catalog: SplitTestCatalog.all,
                    tracking: TrackingClient(providers: [events]), report: { issues.append($0) },
                    builtInAttributes: SplitTestAttributeValues([:]))
                configuration.control = history.last
                let service = SplitTestingService(configuration: configuration)
                let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
                test.hitSplitTest()
                guard test.assignment.reason.isEnrolled else { continue }
                counts[test.currentGroup, default: 0] += 1
                if period == 0, index < 300 { firstGroups[device] = test.currentGroup }
                if random.uniform() < rates[test.currentGroup, default: 0] { service.trackGoal("signup") }
            }
            events.flush()
            let enrolled = counts.values.reduce(0, +)
            let weights = definition.bucketTable.bucketCounts
            let cells = OnboardingCopySplitTest.Group.allCases.enumerated().map { index, group in
                "\(percent(Double(weights[index]) / 10_000)) (\(counts[group, default: 0]))"
            }

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
            case .burnInNotReached(let group, let units, let burnIn):
                said = "burn-in not reached ('\(group)' has \(units) of \(burnIn) units)"
            }
            table.append(["\(period)", "\(enrolled)"] + cells + [said])
            if let next = BanditUpdate.nextControl(after: control, updates: [update], sequence: control.sequence + 1, generated: nil) {
                control = next
                history.append(next)
            }
        }
        print("weights in force (units bucketed in the period), and the update after it:")
        print(table.render())

        // The first period's installs come back under the last document: every one keeps its group.
        let kept = firstGroups.filter { device, group in
            var configuration = SplitTestingService.Configuration(
                store: store, deviceID: device, catalog: SplitTestCatalog.all, builtInAttributes: SplitTestAttributeValues([:]))
            configuration.control = history.last
            return SplitTestingService(configuration: configuration).fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == group
        }.count
        print("\(kept) of \(firstGroups.count) installs of period 0, back under period \(history.count)'s weights, kept their group")

        var accumulator = EventAccumulator(definitions: [OnboardingCopySplitTest.definition])
        try? EventFiles.read([eventsURL.path], into: &accumulator)
        let readout = ReadoutBuilder.readouts(
            accumulator.totals().filter { $0.experiment == OnboardingCopySplitTest.identifier },
            history: AllocationHistory(controls: history, definitions: [OnboardingCopySplitTest.definition]))
        print("\nsplitc analyze events.jsonl --definitions experiments --controls <the \(history.count) documents>:")
        print(TextReport.render(readout))
        let banditIssues = issues.all.filter { if case .banditWithoutPersistentStore = $0 { true } else { false } }
        if !banditIssues.isEmpty { print("reported: \(banditIssues[0])") }
    }
}
