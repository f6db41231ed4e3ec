import Foundation
@_spi(Generated) import SplitTesting
import Testing
@testable import SplitTestCompiler

@Suite struct EmitterDefinitionTests {
    typealias X = EmitterExamples

    @Test func trafficLayerResolvedAndCustomSaltAndControl() throws {
        let experiment = X.experiment(
            "onboarding", unitType: .user,
            groups: [X.group("full", buckets: 3334), X.group("short_one", buckets: 3333), X.group("none", buckets: 3333)],
            controlIndex: 2, salt: "onboarding_2026", trafficBuckets: 2550,
            layer: SplitTestLayer(name: "checkout", buckets: 5000..<10_000), winnerIndex: 1)
        let emitted = SwiftEmitter().emit([experiment], sourcePaths: [])
        let definition = try #require(X.declaration(
            startingWith: "public static let definition = SplitTestDefinition(", in: emitted))
        #expect(definition == """
            public static let definition = SplitTestDefinition(
                identifier: identifier,
                groups: Group.self,
                unitType: .user,
                salt: "onboarding_2026",
                bucketUpperBounds: [3334, 6667, 10_000],
                control: .none,
                trafficBuckets: 2550,
                layer: SplitTestLayer(name: "checkout", buckets: 5000..<10_000),
                status: .resolved(winner: "short_one")
            )

            """)
        #expect(emitted.contains("/// Winner. Weight 1, 33.33% of enrolled units.\n        case shortOne = \"short_one\"\n"))
        #expect(emitted.contains("/// Control. Weight 1, 33.33% of enrolled units.\n        case none\n"))
    }

    @Test func keywordGroupNamesAreBacktickedEverywhere() throws {
        let experiment = X.experiment(
            "keywords",
            groups: [
                X.group("default", buckets: 5000, values: [.int(1)]),
                X.group("class", buckets: 0, weight: 0, values: [.int(2)]),
                X.group("in", buckets: 5000, values: [.int(3)]),
            ],
            parameters: [X.parameter("return", .int)], winnerIndex: 1)
        let emitted = SwiftEmitter().emit([experiment], sourcePaths: [])
        let groupEnum = try #require(X.declaration(
            startingWith: "nonisolated public enum Group: String, SplitTestGroup {", in: emitted))
        #expect(groupEnum.contains("    case `default`\n"))
        #expect(groupEnum.contains("    /// Winner. Weight 0, 0.00% of enrolled units.\n    case `class`\n"))
        #expect(groupEnum.contains("    case `in`\n"))
        #expect(emitted.contains("control: .`default`,\n"))
        #expect(emitted.contains("status: .resolved(winner: \"class\")\n"))
        #expect(emitted.contains("bucketUpperBounds: [5000, 5000, 10_000],\n"))
        let property = try #require(X.declaration(startingWith: "public var `return`: Int {", in: emitted))
        #expect(property == """
            public var `return`: Int {
                switch self {
                case .`default`: 1
                case .`class`: 2
                case .`in`: 3
                }
            }

            """)
    }

    @Test func rawValuesOnlyWhenTheSwiftNameDiffers() {
        let experiment = X.experiment(
            groups: [X.group("control", buckets: 2500), X.group("new_v1", buckets: 2500),
                     X.group("variant2", buckets: 2500), X.group("a_b_c", buckets: 2500)])
        let emitted = SwiftEmitter().emit([experiment], sourcePaths: [])
        #expect(emitted.contains("        case control\n"))
        #expect(emitted.contains("        case newV1 = \"new_v1\"\n"))
        #expect(emitted.contains("        case variant2\n"))
        #expect(emitted.contains("        case aBC = \"a_b_c\"\n"))
    }

    @Test func customSwiftNameAndCatalogOrder() {
        let experiments = [
            X.experiment("alpha", swiftName: "FirstTest"),
            X.experiment("beta"),
        ]
        let emitted = SwiftEmitter().emit(experiments, sourcePaths: [])
        #expect(emitted.contains("nonisolated public struct FirstTest: SplitTest {\n"))
        #expect(emitted.contains("""
                public static let all: [any SplitTest.Type] = [
                    FirstTest.self,
                    BetaSplitTest.self,
                ]

            """))
    }

    @Test func largeCatalogIsSplitIntoShortLiterals() {
        let count = CatalogEmitter.catalogChunkSize * 2 + 1
        let experiments = (0..<count).map { X.experiment("e\($0)") }
        let emitted = SwiftEmitter().emit(experiments, sourcePaths: [])
        #expect(emitted.contains("    public static let all: [any SplitTest.Type] = [part1, part2, part3].flatMap { $0 }\n"))
        #expect(emitted.contains("    private static let part3: [any SplitTest.Type] = [\n        E\(count - 1)SplitTest.self,\n    ]\n"))
        let listed = emitted.split(separator: "\n").filter { $0.hasSuffix("SplitTest.self,") }
        #expect(listed.map { $0.trimmingCharacters(in: .whitespaces) } == experiments.map { $0.swiftName + ".self," })
    }

    @Test func emptyCatalogIsAnEmptyTypedArray() {
        let emitted = SwiftEmitter().emit([], sourcePaths: [])
        #expect(emitted.hasPrefix("// Generated by splitc from no definitions. Do not edit.\n"))
        #expect(emitted.contains("    public static let all: [any SplitTest.Type] = []\n"))
    }

    @Test func longHeaderWrapsBetweenPaths() {
        let paths = (1...12).map { "experiments/feature_\($0)/definitions.yaml" }
        let header = SwiftEmitter.headerLines(sourcePaths: paths)
        #expect(header.count > 1)
        #expect(header.allSatisfy { $0.count <= 100 && $0.hasPrefix("//") })
        #expect(header.joined(separator: " ").replacingOccurrences(of: " //", with: "")
            == "// Generated by splitc from " + paths.joined(separator: ", ") + ". Do not edit.")
    }
}
