import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Keeps the numbers and tables of the DocC articles true: each is read from the article and
/// checked against the runtime, so a wrong vector, a reason out of order or a renamed event fails.
@Suite struct DocumentationArticleTests {
    static let catalog = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc")

    static func article(_ name: String) throws -> String {
        try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
    }

    /// The cells of every table row of `text` whose first cell satisfies `first`.
    static func rows(of text: String, where first: (String) -> Bool) -> [[String]] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("|") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return first(cells.first ?? "") ? cells : nil
        }
    }

    static func unquoted(_ cell: String) -> String {
        cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }

    @Test func bucketingVectorsOfHowAssignmentWorksAreTheRuntimes() throws {
        let purposes: [String: Bucketing.Purpose] = ["group": .group, "traffic": .traffic, "layer": .layer]
        let rows = Self.rows(of: try Self.article("HowAssignmentWorks.md")) { purposes[$0] != nil }
        #expect(rows.count == BucketingTests.vectors.count)
        for row in rows {
            try #require(row.count == 5, "a vector row has 5 cells: \(row)")
            let purpose = try #require(purposes[row[0]])
            let seed = try #require(UInt32(row[1]))
            let key = Self.unquoted(row[2])
            let hash = try #require(UInt32(row[3]))
            let bucket = try #require(Int(row[4]))
            #expect(purpose.rawValue == seed, "the seed of \(row[0])")
            #expect(MurmurHash3.hash(Array(key.utf8), seed: seed) == hash, "h of \(key) seed \(seed)")
            #expect(Bucketing.bucket(forHash: hash) == bucket, "bucket of \(key) seed \(seed)")
            let colon = try #require(key.firstIndex(of: ":"))
            let salt = String(key[..<colon])
            let unit = String(key[key.index(after: colon)...])
            #expect(Bucketing.bucket(salt: salt, unit: unit, purpose: purpose) == bucket)
            #expect(
                BucketingTests.vectors.contains { $0.key == key && $0.seed == seed && $0.hash == hash },
                "\(key) seed \(seed) is a vector of the specification")
        }
    }

    @Test func workedExampleOfHowAssignmentWorks() throws {
        let text = try Self.article("HowAssignmentWorks.md")
        let bounds = BucketTable(weights: [1, 1, 1]).upperBounds
        #expect(text.contains("`bucketUpperBounds: [\(bounds.map { $0 == 10_000 ? "10_000" : String($0) }.joined(separator: ", "))]`"))
        #expect(text.contains("the bucket counts are 3,334, 3,333 and\n3,333"))
        #expect(BucketTable.bucketCounts(forWeights: [1, 1, 1]) == [3334, 3333, 3333])
        let userBucket = Bucketing.bucket(salt: "button_color", unit: "user-42", purpose: .group)
        #expect(text.contains("purpose: .group)  // \(userBucket)`"))
        #expect(text.contains("(bucketed, bucket \(userBucket))"))

        let definition = SplitTestDefinition(
            identifier: "button_color", groups: ButtonColor.self, unitType: .device, salt: "button_color",
            bucketUpperBounds: bounds, control: .red)
        #expect(definition.groups[definition.bucketedGroupIndex(forUnit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")] == "blue")
        #expect(text.contains("lands in\nbucket 4,155 and gets `blue`"))
        #expect(definition.groups[definition.bucketedGroupIndex(forUnit: "user-42")] == "dark_gray")
        #expect(text.contains("lands in 7,151 and gets `dark_gray`"))
    }

    @Test func resolutionOrderOfHowAssignmentWorksIsTheRuntimes() throws {
        let rows = Self.rows(of: try Self.article("HowAssignmentWorks.md")) { Int($0) != nil }
        // A step may name two reasons (`stopped`, or `ended` when the schedule has ended).
        let reasons = try rows.flatMap { row -> [AssignmentReason] in
            try #require(row.count == 5, "a resolution row has 5 cells: \(row)")
            let names = row[3].replacingOccurrences(of: "``AssignmentReason/", with: "")
                .replacingOccurrences(of: "``", with: "").components(separatedBy: ", ")
            return try names.map { name in
                let reason = try #require(AssignmentReason(rawValue: name), "\(row[3]) is a reason")
                #expect((row[4] == "yes") == reason.isEnrolled, "enrolled column of \(name)")
                return reason
            }
        }
        #expect(rows.map(\.first) == (1...rows.count).map { String($0) })
        #expect(
            reasons == [
                .override, .forced, .stopped, .ended, .resolved, .sticky, .noUser, .notStarted, .holdout, .prerequisite,
                .notTargeted, .notEnrolled, .bucketed,
            ])
        #expect(Set(reasons) == Set(AssignmentReason.allCases))
    }

    @Test func resolutionOrderHoldsForTheStepsTheArticleNames() {
        // Steps 2 > 3 > 4: forced before stopped before resolved; then 8 > 10 > 11.
        func definition(
            status: SplitTestStatus, holdout: SplitTestHoldout? = nil,
            targeting: SplitTestTargeting? = nil, trafficBuckets: Int = 10_000
        ) -> SplitTestDefinition {
            SplitTestDefinition(
                identifier: "button_color", unitType: .device, salt: "button_color",
                groups: ["red", "blue", "dark_gray"], bucketTable: BucketTable(upperBounds: [3334, 6667, 10_000]),
                controlIndex: 0, trafficBuckets: trafficBuckets, status: status,
                force: ["qa": 2], targeting: targeting, holdout: holdout)
        }
        func reason(
            _ definition: SplitTestDefinition, unit: String?, attributes: SplitTestAttributeValues = .init(),
            stored: String? = nil, override: String? = nil
        ) -> AssignmentReason {
            Resolver.resolve(
                definition, units: ResolutionUnits(either: unit), attributes: attributes, time: 0,
                storedAssignment: { _, _ in stored.map { StoredAssignment(group: $0) } }, override: { _ in override },
                definitionInForce: { $0.definition }
            ).reason
        }
        let stopped = definition(status: .stopped)
        #expect(reason(stopped, unit: "qa", override: "blue") == .override)
        #expect(reason(stopped, unit: "qa") == .forced)
        #expect(reason(stopped, unit: "someone", stored: "blue") == .stopped)
        #expect(reason(definition(status: .resolved(winner: "blue")), unit: "someone", stored: "red") == .resolved)
        let running = definition(status: .running)
        #expect(reason(running, unit: "someone", stored: "blue") == .sticky)
        #expect(reason(running, unit: nil) == .noUser)
        let holdout = SplitTestHoldout(name: "everyone", unitType: .device, buckets: 5_000)
        let narrow = definition(
            status: .running, holdout: holdout,
            targeting: SplitTestTargeting(conditions: [SplitTestCondition(attribute: "plan", test: .equals(.string("pro")))]),
            trafficBuckets: 1)
        let heldOut = (0..<100).map { "unit-\($0)" }.first { holdout.holds(unit: $0) }!
        #expect(reason(narrow, unit: heldOut, stored: "red") == .sticky)
        #expect(reason(narrow, unit: heldOut) == .holdout)
        let notHeld = (0..<100).map { "unit-\($0)" }.first { !holdout.holds(unit: $0) && !narrow.isEnrolled(unit: $0) }!
        #expect(reason(narrow, unit: notHeld) == .notTargeted)
        let targeted = SplitTestAttributeValues(["plan": .string("pro")])
        #expect(reason(narrow, unit: notHeld, attributes: targeted) == .notEnrolled)
    }

    @Test func eventsOfExposuresAndAnalyticsAreTheRuntimes() throws {
        let rows = Self.rows(of: try Self.article("ExposuresAndAnalytics.md")) {
            ["exposure", "goal", "holdout"].contains($0)
        }
        let identifiers = Dictionary(uniqueKeysWithValues: rows.map { row in
            (row[0], row[1].components(separatedBy: "`")[1])
        })
        #expect(identifiers == [
            "exposure": TrackingEvent.exposureIdentifier,
            "goal": TrackingEvent.goalIdentifier,
            "holdout": TrackingEvent.holdoutIdentifier,
        ])
    }

    enum ButtonColor: String, SplitTestGroup {
        case red
        case blue
        case darkGray = "dark_gray"
    }
}
