import SplitTestCompiler
@_spi(Generated) import SplitTesting
import Testing

/// What valid definitions compile to: short forms, defaults, widening, names, buckets, layers.
@Suite struct ParsingTests {
    static func compiled(_ yaml: String) -> Experiment? {
        let result = compile([("ok.yaml", yaml)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        return result.experiments.first
    }

    @Test func longFormWithEveryKey() throws {
        let experiment = try #require(Self.compiled("""
            identifier: button_color
            type: user
            description: Colour of the buy button.
            owner: growth-team
            groups:
              red:
                weight: 1
                description: Today's colour.
                params: { color: "#FF3B30", corner_radius: 8 }
              blue: { weight: 3, params: { color: "#007AFF", corner_radius: 8 } }
            control: blue
            salt: button_color_2
            traffic: 12.5
            layer: { name: checkout, range: [10.25, 50] }
            expires: 2028-02-29
            swift_name: BuyButtonColor
            """))
        #expect(experiment.identifier == "button_color")
        #expect(experiment.definition.unitType == .user)
        #expect(experiment.description == "Colour of the buy button.")
        #expect(experiment.owner == "growth-team")
        #expect(experiment.groupNames == ["red", "blue"])
        #expect(experiment.groups.map(\.weight) == [1, 3])
        #expect(experiment.definition.bucketTable.bucketCounts == [2500, 7500])
        #expect(experiment.definition.bucketTable.upperBounds == [2500, 10_000])
        #expect(experiment.groups[0].description == "Today's colour.")
        #expect(experiment.groups[1].description == nil)
        #expect(experiment.definition.controlIndex == 1)
        #expect(experiment.definition.salt == "button_color_2")
        #expect(experiment.definition.trafficBuckets == 1250)
        #expect(experiment.definition.layer == SplitTestLayer(name: "checkout", buckets: 1025..<5000))
        #expect(experiment.definition.winnerIndex == nil)
        #expect(experiment.expires == CalendarDate(year: 2028, month: 2, day: 29))
        #expect(experiment.swiftName == "BuyButtonColor")
        #expect(experiment.location == SourceLocation(file: "ok.yaml", line: 1, column: 1))
        #expect(experiment.groups[1].location == SourceLocation(file: "ok.yaml", line: 10, column: 3))
        #expect(experiment.parameters.map(\.name) == ["color", "corner_radius"])
        #expect(experiment.parameters.map(\.type) == [.string, .int])
        #expect(experiment.groups[0].parameterValues == [.string("#FF3B30"), .int(8)])
    }

    @Test func defaultsOfAnExperimentWithoutOptionalKeys() throws {
        let experiment = try #require(Self.compiled("identifier: plain\ntype: device\ngroups: [a, b, c]\n"))
        #expect(experiment.definition.salt == "plain")
        #expect(experiment.definition.trafficBuckets == 10_000)
        #expect(experiment.definition.controlIndex == 0)
        #expect(experiment.definition.layer == nil)
        #expect(experiment.swiftName == "PlainSplitTest")
        #expect(experiment.description == nil && experiment.owner == nil && experiment.expires == nil)
        #expect(experiment.groups.map(\.weight) == [1, 1, 1])
        #expect(experiment.definition.bucketTable.bucketCounts == [3334, 3333, 3333])
        #expect(experiment.parameters.isEmpty)
    }

    @Test func shortMapFormGivesWeights() throws {
        let experiment = try #require(Self.compiled("identifier: s\ntype: device\ngroups: { control: 50, treatment: 50.0, off: 0 }\n"))
        #expect(experiment.groupNames == ["control", "treatment", "off"])
        #expect(experiment.definition.bucketTable.bucketCounts == [5000, 5000, 0])
    }

    @Test func groupWithoutValueWeighsOne() throws {
        let experiment = try #require(Self.compiled("identifier: s\ntype: device\ngroups:\n  a:\n  b: 3\n"))
        #expect(experiment.groups.map(\.weight) == [1, 3])
    }

    @Test func keywordGroupNamesAreLegal() throws {
        let experiment = try #require(Self.compiled("identifier: k\ntype: device\ngroups: [default, class, true, \"null\"]\n"))
        #expect(experiment.groupNames == ["default", "class", "true", "null"])
    }

    @Test func defaultsFillMissingParametersAndIntsWidenToDouble() throws {
        let experiment = try #require(Self.compiled("""
            identifier: feed
            type: device
            groups:
              control: { params: { budget: 10 } }
              fast: { params: { budget: 6, timeout: 2.5, label: "7" } }
            defaults: { timeout: 5, label: none }
            """))
        #expect(experiment.parameters.map(\.name) == ["budget", "timeout", "label"])
        #expect(experiment.parameters.map(\.type) == [.int, .double, .string])
        #expect(experiment.groups[0].parameterValues == [.int(10), .double(5), .string("none")])
        #expect(experiment.groups[1].parameterValues == [.int(6), .double(2.5), .string("7")])
        #expect(experiment.parameters[1].location == SourceLocation(file: "ok.yaml", line: 5, column: 32))
    }

    @Test func scalarsFollowTheCoreSchema() throws {
        let experiment = try #require(Self.compiled("""
            identifier: scalars
            type: device
            groups:
              a: { params: { flag: true, word: yes, switch: off, hex: 0x1F, octal: 0o17, exp: 1e3, quoted: 'true', neg: -4 } }
              b: { params: { flag: FALSE, word: no, switch: on, hex: 1, octal: 2, exp: 2, quoted: x, neg: +4 } }
            """))
        #expect(experiment.parameters.map(\.type) == [.bool, .string, .string, .int, .int, .double, .string, .int])
        #expect(experiment.groups[0].parameterValues == [
            .bool(true), .string("yes"), .string("off"), .int(31), .int(15), .double(1000), .string("true"), .int(-4),
        ])
        #expect(experiment.groups[1].parameterValues == [
            .bool(false), .string("no"), .string("on"), .int(1), .int(2), .double(2), .string("x"), .int(4),
        ])
    }

    @Test func multiDocumentFilesDefineOneExperimentEach() {
        let result = compile([("multi.yaml", "identifier: zeta\ntype: device\ngroups: [a, b]\n---\nidentifier: alpha\ntype: user\ngroups: [a, b]\n...\n")])
        #expect(result.diagnostics.isEmpty)
        #expect(result.experiments.map(\.identifier) == ["alpha", "zeta"])
        #expect(result.experiments.map(\.location.line) == [5, 1])
    }

    @Test func bucketCountsUseLargestRemainders() throws {
        // 3,333.33 and 6,666.67: the leftover bucket goes to the larger remainder, not the first group.
        let twoGroups = try #require(Self.compiled("identifier: w\ntype: device\ngroups: { a: 1, b: 2 }\n"))
        #expect(twoGroups.definition.bucketTable.bucketCounts == [3333, 6667])
        let experiment = try #require(Self.compiled("identifier: w\ntype: device\ngroups: { a: 1, b: 1, c: 1, d: 0.0001 }\n"))
        // Shares of 10,000: 3,333.22 three times and 0.33; the floors leave one bucket, which goes
        // to the largest remainder, the small group's.
        #expect(experiment.definition.bucketTable.bucketCounts == [3333, 3333, 3333, 1])
    }

    @Test func trafficAndLayerBucketsAreWholeHundredths() throws {
        let experiment = try #require(Self.compiled(
            "identifier: t\ntype: device\ngroups: [a, b]\ntraffic: 0.01\nlayer: { name: l, range: [99.99, 100] }\n"))
        #expect(experiment.definition.trafficBuckets == 1)
        #expect(experiment.definition.layer?.buckets == 9999..<10_000)
        let full = try #require(Self.compiled("identifier: t\ntype: device\ngroups: [a, b]\ntraffic: 100\nlayer: { name: l, range: [0, 100] }\n"))
        #expect(full.definition.trafficBuckets == 10_000)
        #expect(full.definition.layer?.buckets == 0..<10_000)
    }

    @Test func resolvedExperimentKeepsItsWinner() throws {
        let result = compile([("ok.yaml", "identifier: r\ntype: device\ngroups: [a, b]\nstatus: resolved\nwinner: b\n")])
        #expect(result.experiments.first?.definition.winnerIndex == 1)
        #expect(!result.hasErrors)
    }

    @Test func displayPathIsKeptForGeneratedDocumentation() {
        let source = SourceFile(path: "/abs/experiments/x.yaml", displayPath: "experiments/x.yaml", contents: Array(experiment("x").utf8))
        let result = DefinitionCompiler.compile([source], today: testToday)
        #expect(result.experiments.first?.displayPath == "experiments/x.yaml")
        #expect(result.experiments.first?.location.file == "/abs/experiments/x.yaml")
    }
}
