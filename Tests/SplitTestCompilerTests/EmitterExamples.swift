@_spi(Generated) import SplitTesting
@testable import SplitTestCompiler

/// Experiments built directly from the model, so that emitter tests do not depend on the parser.
enum EmitterExamples {
    static let location = SourceLocation(file: "experiments/example.yaml", line: 1, column: 1)

    /// A group of an example: its name and bucket count, which go to the definition, and what
    /// the model keeps beside them.
    struct ExampleGroup {
        var name: String
        var buckets: Int
        var details: ExperimentGroup
    }

    static func group(
        _ name: String, buckets: Int, weight: Double = 1, description: String? = nil,
        values: [ParameterValue] = []
    ) -> ExampleGroup {
        ExampleGroup(
            name: name, buckets: buckets,
            details: ExperimentGroup(weight: weight, description: description, parameterValues: values, location: location))
    }

    static func parameter(_ name: String, _ type: ParameterType) -> ParameterDeclaration {
        ParameterDeclaration(name: name, type: type, location: location)
    }

    static func experiment(
        _ identifier: String = "button_color", unitType: UnitType = .device,
        description: String? = nil, owner: String? = nil,
        groups: [ExampleGroup] = [group("control", buckets: 5000), group("treatment", buckets: 5000)],
        parameters: [ParameterDeclaration] = [], controlIndex: Int = 0, salt: String? = nil,
        trafficBuckets: Int = 10_000, layer: SplitTestLayer? = nil, winnerIndex: Int? = nil,
        expires: CalendarDate? = nil, swiftName: String? = nil, displayPath: String = "experiments/example.yaml"
    ) -> Experiment {
        var bound = 0
        let definition = SplitTestDefinition(
            identifier: identifier, unitType: unitType, salt: salt ?? identifier, groups: groups.map(\.name),
            bucketTable: BucketTable(upperBounds: groups.map { group in
                bound += group.buckets
                return bound
            }),
            controlIndex: controlIndex, trafficBuckets: trafficBuckets, layer: layer,
            status: winnerIndex.map { .resolved(winner: groups[$0].name) } ?? .running)
        return Experiment(
            definition: definition, description: description, owner: owner, groups: groups.map(\.details),
            parameters: parameters, expires: expires,
            swiftName: swiftName ?? SwiftNaming.typeName(forIdentifier: identifier),
            displayPath: displayPath, location: location)
    }

    /// The lines of `emitted` from the one that equals `first` (ignoring indentation) up to and
    /// including the next line at the same indentation that closes it, or just that line when it
    /// opens nothing.
    static func declaration(startingWith first: String, in emitted: String) -> String? {
        let lines = emitted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingPrefixSpaces() == first }) else { return nil }
        let indent = lines[start].prefix { $0 == " " }
        guard lines[start].hasSuffix("{") || lines[start].hasSuffix("(") || lines[start].hasSuffix("[") else {
            return lines[start] + "\n"
        }
        guard let end = lines[(start + 1)...].firstIndex(where: {
            $0.hasPrefix(indent) && !$0.dropFirst(indent.count).hasPrefix(" ") && !$0.isEmpty
        }) else { return nil }
        return lines[start...end].map { String($0.dropFirst(indent.count)) }.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingPrefixSpaces() -> String { String(drop { $0 == " " }) }
}
