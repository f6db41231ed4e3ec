import Testing
@testable import SplitTestCompiler

@Suite struct EmitterParameterTests {
    typealias X = EmitterExamples

    private func property(_ type: ParameterType, _ values: [ParameterValue], name: String = "value") throws -> String {
        let experiment = X.experiment(
            groups: values.enumerated().map { X.group("g\($0.offset)", buckets: $0.offset == 0 ? 10_000 : 0, values: [$0.element]) },
            parameters: [X.parameter(name, type)])
        let emitted = SwiftEmitter().emit([experiment], sourcePaths: [])
        let swiftName = SwiftNaming.escaped(SwiftNaming.lowerCamelCase(name))
        return try #require(X.declaration(startingWith: "public var \(swiftName): \(type.rawValue) {", in: emitted))
    }

    @Test func everyParameterType() throws {
        #expect(try property(.bool, [.bool(true), .bool(false)]) == """
            public var value: Bool {
                switch self {
                case .g0: true
                case .g1: false
                }
            }

            """)
        #expect(try property(.int, [.int(-3), .int(1_000_000)]).contains("case .g0: -3\n    case .g1: 1_000_000\n"))
        #expect(try property(.string, [.string("a"), .string("b")]).contains("case .g0: \"a\"\n"))
    }

    @Test func widenedDoublesStayDoubles() throws {
        let text = try property(.double, [.double(1), .double(2.5), .double(0.1), .double(1e-7), .double(-0.0)])
        #expect(text.contains("case .g0: 1.0\n"))
        #expect(text.contains("case .g1: 2.5\n"))
        #expect(text.contains("case .g2: 0.1\n"))
        #expect(text.contains("case .g3: 1e-07\n"))
        #expect(text.contains("case .g4: -0.0\n"))
    }

    @Test func oneDistinctValueNeedsNoSwitch() throws {
        let experiment = X.experiment(
            groups: [X.group("a", buckets: 5000, values: [.int(1)]), X.group("b", buckets: 5000, values: [.int(1)])],
            parameters: [X.parameter("image_cost", .int)])
        let emitted = SwiftEmitter().emit([experiment], sourcePaths: [])
        #expect(emitted.contains("    /// The `image_cost` parameter of the group.\n    public var imageCost: Int { 1 }\n"))
    }

    @Test func noParametersNoExtension() {
        let emitted = SwiftEmitter().emit([X.experiment()], sourcePaths: [])
        #expect(!emitted.contains("extension"))
    }
}
