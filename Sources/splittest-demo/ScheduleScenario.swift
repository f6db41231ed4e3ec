import Foundation
import SplitTesting

/// Schedules, prerequisites, segments and environments: `welcome_offer` enrols paying users whose
/// onboarding had the five-step flow without a reminder, from 1 December to 15 January, and takes
/// other values in staging and development.
func runScheduleScenario() {
    section("Schedules, prerequisites, segments and environments: welcome_offer, 2,000 signed-in paying installs")
    let times = [
        ("2026-11-15", Date(timeIntervalSince1970: 1_795_219_200)),
        ("2026-12-15", Date(timeIntervalSince1970: 1_797_292_800)),
        ("2027-01-20", Date(timeIntervalSince1970: 1_800_403_200)),
    ]
    let reasons: [AssignmentReason] = [.notStarted, .holdout, .prerequisite, .notEnrolled, .bucketed, .ended]
    var table = TextTable(header: ["environment", "date"] + reasons.map(\.rawValue) + ["offer"])
    for environment in [nil, "staging"] as [String?] {
        for (label, date) in times {
            var counts: [AssignmentReason: Int] = [:]
            var offers = 0
            for index in 0..<2_000 {
                let service = SplitTestingService(configuration: .init(
                    store: .inMemory, deviceID: Population.deviceID(index),
                    catalog: SplitTestCatalog.all, environment: environment, clock: { date }))
                service.associate(user: "user-\(index)")
                service.setAttributes(SplitTestAttributes(plan: .pro, daysSinceInstall: 30))
                let offer = service.fetchSplitTest(WelcomeOfferSplitTest.self)
                counts[offer.assignment.reason, default: 0] += 1
                if offer.assignment.reason == .bucketed && offer.assignment.group == .offer { offers += 1 }
            }
            table.append([environment ?? "production", label] + reasons.map { String(counts[$0, default: 0]) } + [String(offers)])
        }
    }
    print(table.render())
    print("Before 1 December nothing is stored (notStarted); from 15 January everyone gets the control (ended) and")
    print("stored groups are kept. Only units whose onboarding_flow cell is five+on+none are enrolled; staging")
    print("offers to three of every four enrolled, production to one in two.")
    let development = SplitTestingService(configuration: .init(
        store: .inMemory, deviceID: "simulator-1", catalog: SplitTestCatalog.all,
        environment: SplitTestEnvironment.development.rawValue, clock: { times[1].1 }))
    let forced = development.fetchSplitTest(WelcomeOfferSplitTest.self)
    print("development, simulator-1: \(forced.assignment.group.rawValue) (\(forced.assignment.reason.rawValue))")
}
