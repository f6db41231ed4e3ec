@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestTools
import Testing

/// The assign and simulate logic, on experiments built directly rather than parsed.
@Suite struct SimulationLibraryTests {
    private func experiment(
        _ identifier: String, weights: [Double], traffic: Int = 10_000, layer: SplitTestLayer? = nil,
        winner: Int? = nil
    ) -> Experiment {
        let location = SourceLocation(file: "test.yaml", line: 1, column: 1)
        let definition = SplitTestDefinition(
            identifier: identifier, unitType: .device, salt: identifier, groups: weights.indices.map { "g\($0)" },
            bucketTable: BucketTable(weights: weights), controlIndex: 0, trafficBuckets: traffic, layer: layer,
            status: winner.map { .resolved(winner: "g\($0)") } ?? .running)
        let groups = weights.map { ExperimentGroup(weight: $0, description: nil, parameterValues: [], location: location) }
        return Experiment(
            definition: definition, description: nil, owner: nil, groups: groups, parameters: [], expires: nil,
            swiftName: "T", displayPath: "test.yaml", location: location)
    }

    @Test func assignmentMatchesTheSpecVector() {
        let assignment = UnitAssignment(
            experiment: experiment("button_color", weights: [1, 1, 1]), unit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")

        #expect(assignment.bucket == 4155)
        #expect(assignment.group == "g1")
        #expect(assignment.reason == .bucketed)
    }

    @Test func assignmentAgreesWithTheRuntimesRulesForManyUnits() {
        let definition = experiment("feed_prefetch", weights: [2, 0, 5, 3], traffic: 6_000)
        let rules = SplitTestDefinition(
            identifier: "feed_prefetch", unitType: .device, salt: "feed_prefetch", groups: ["a", "b", "c", "d"],
            bucketTable: BucketTable(upperBounds: [2000, 2000, 7000, 10_000]), controlIndex: 0, trafficBuckets: 6_000)

        var groups: [String: Int] = [:]
        var notEnrolled = 0
        for index in 0..<2_000 {
            let unit = Simulation.unitID(index)
            let assignment = UnitAssignment(experiment: definition, unit: unit)
            let resolution = rules.resolve(unit: unit)
            #expect(assignment.group == "g\(resolution.groupIndex)")
            #expect(assignment.reason == resolution.reason)
            #expect(assignment.bucket == resolution.bucket)
            if assignment.reason == .notEnrolled { notEnrolled += 1 } else { groups[assignment.group, default: 0] += 1 }
        }
        // Both sides could agree on a wrong answer; what the definition promises, independently:
        // 60% traffic, and no unit in the group of weight 0.
        #expect(abs(Double(notEnrolled) / 2_000 - 0.4) < 0.05, "\(notEnrolled) of 2000 not enrolled")
        #expect(groups["g1"] == nil && groups.count == 3, "\(groups)")
    }

    @Test func aZeroWeightGroupReceivesNobodyAndDoesNotSpoilThePValue() {
        let simulation = Simulation.run([experiment("e", weights: [1, 0, 1])], unitCount: 20_000)[0]

        #expect(simulation.groups[1].units == 0)
        #expect(simulation.groups[1].expectedShare == 0)
        #expect(simulation.enrolled == 20_000)
        #expect((simulation.sampleRatioPValue ?? 0) > 0.001)
    }

    @Test func layersSplitUnitsBetweenTheirExperiments() {
        let first = experiment("a", weights: [1, 1], layer: SplitTestLayer(name: "l", buckets: 0..<3_000))
        let second = experiment("b", weights: [1, 1], layer: SplitTestLayer(name: "l", buckets: 3_000..<10_000))

        let simulations = Simulation.run([first, second], unitCount: 10_000)

        #expect(simulations[0].enrolled + simulations[1].enrolled == 10_000)
        #expect(abs(Double(simulations[0].enrolled) / 10_000 - 0.3) < 0.02)
    }

    @Test func aResolvedExperimentHasNoPValue() {
        let simulation = Simulation.run([experiment("e", weights: [1, 1], winner: 1)], unitCount: 100)[0]

        #expect(simulation.enrolled == 0)
        #expect(simulation.notEnrolled == 100)
        #expect(simulation.sampleRatioPValue == nil)
        #expect(simulation.groups.allSatisfy { $0.observedShare == 0 })
    }

    @Test func unitIDsAreDeterministic() {
        #expect((0..<3).map(Simulation.unitID) == ["unit-0", "unit-1", "unit-2"])
    }
}
