import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools
import SplitTestFormats

/// `splitc simulate --events FILE [--goal NAME --rate GROUP=RATE …]`: the simulated units' events,
/// written by the runtime's own `JSONLinesTrackingProvider`, so that `splitc analyze FILE` reads
/// what an app would have sent.
struct SimulatedEventsOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Also writes the events an app would send for the simulated units (an exposure for each enrolled unit, and goals) to this file, replacing it.",
        valueName: "file"))
    var events: String?

    @Option(help: ArgumentHelp("The goal the simulated units reach (with --events).", valueName: "name"))
    var goal: String?

    @Option(help: ArgumentHelp(
        "The probability (0 to 1) that a unit of GROUP reaches the goal; repeat for each group. Groups not named never do.",
        valueName: "group=rate"))
    var rate: [String] = []

    /// The first simulated exposure's date; fixed, so that a run writes the same file every time.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    func validate() throws {
        if events == nil, goal != nil || !rate.isEmpty {
            throw ValidationError("--goal and --rate describe the events of --events; add --events FILE")
        }
        if goal == nil, !rate.isEmpty { throw ValidationError("--rate needs --goal NAME") }
        _ = try rates()
    }

    /// The rates by group name.
    func rates() throws -> [String: Double] {
        var rates: [String: Double] = [:]
        for text in rate {
            let parts = text.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]), (0...1).contains(value) else {
                throw ValidationError("--rate must be GROUP=RATE with RATE from 0 to 1, e.g. blue=0.12; got '\(text)'")
            }
            guard rates.updateValue(value, forKey: String(parts[0])) == nil else {
                throw ValidationError("--rate gives group '\(parts[0])' twice")
            }
        }
        return rates
    }

    /// Writes the events of `unitCount` units through `experiments` to `--events`, if given.
    func write(_ experiments: [Experiment], unitCount: Int, attributes: SplitTestAttributeValues) throws {
        guard let events else { return }
        let rates = try rates()
        let groups = Set(experiments.flatMap(\.definition.groups))
        if let unknown = rates.keys.sorted().first(where: { !groups.contains($0) }) {
            throw InputError(
                "--rate names group '\(unknown)', which no experiment has (groups: \(groups.sorted().joined(separator: ", ")))"
                    + Suggestions.didYouMean(unknown, in: groups.sorted()))
        }
        let url = URL(fileURLWithPath: events)
        // Created empty up front, so that a path that cannot be written is an error before any
        // unit is simulated; a write that fails later is reported by the provider as it happens.
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw InputError(UnwritablePath.message(events, createsFolders: false))
        }
        let provider = JSONLinesTrackingProvider(fileURL: url) { issue in
            Console.error("splitc: error: \(issue)")
        }
        var count = 0
        var signedIn: String?
        SimulatedEvents.generate(
            experiments, unitCount: unitCount, attributes: attributes,
            goal: goal.map { SimulatedGoal(name: $0, rates: rates) }, start: Self.start
        ) { event in
            if event.user != signedIn {
                if let user = event.user { provider.associate(user: user) } else { provider.dissociate() }
                signedIn = event.user
            }
            provider.track(event.event)
            count += 1
        }
        provider.flush()
        Console.error("wrote \(Counted.phrase(count, "event")) to \(events)")
    }
}
