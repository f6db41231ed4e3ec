@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestCompiler
import Testing

/// How `factors:`, `cells:` and `weights:` become the definition: cells in cell order whatever
/// order they are listed in, weights per cell, params per factor.
@Suite struct ParsingFactorialTests {
    static func definition(_ yaml: String) throws -> SplitTestDefinition {
        let result = compile([("mv.yaml", yaml)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.experiments.first).definition
    }

    static let factors = """
        identifier: checkout_page
        type: user
        factors:
          headline: [classic, urgent]
          button: [green, orange, purple]

        """

    @Test func cellsAreInCellOrderWhateverOrderTheyAreListedIn() throws {
        let listed = try Self.definition(Self.factors + "cells: [urgent+purple, classic+green, { button: orange, headline: urgent }]\n")
        let reordered = try Self.definition(Self.factors + "cells: [{ headline: urgent, button: orange }, urgent+purple, classic+green]\n")
        #expect(listed.groups == ["classic+green", "urgent+orange", "urgent+purple"])
        #expect(listed == reordered)
        let design = try #require(listed.factorial)
        #expect(design.cellLevels == [[0, 0], [1, 1], [1, 2]])
        #expect(!design.isFullFactorial)
    }

    @Test func allCellsIsTheDefaultAndTheLastFactorVariesFastest() throws {
        let implicit = try Self.definition(Self.factors)
        let explicit = try Self.definition(Self.factors + "cells: all\n")
        let everyCell = try Self.definition(
            Self.factors + "cells: [urgent+purple, urgent+orange, urgent+green, classic+purple, classic+orange, classic+green]\n")
        #expect(implicit == explicit)
        #expect(implicit.groups == everyCell.groups)
        #expect(implicit.factorial?.isFullFactorial == true)
        #expect(everyCell.factorial?.isFullFactorial == true)
        #expect(implicit.groups == [
            "classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple",
        ])
        #expect(implicit.bucketTable == BucketTable(weights: [1, 1, 1, 1, 1, 1]))
    }

    @Test func weightsNameCellsAndTheOthersWeighOne() throws {
        let definition = try Self.definition(Self.factors + "weights: { \"urgent+orange\": 2, \"classic+purple\": 0 }\n")
        #expect(definition.bucketTable == BucketTable(weights: [1, 1, 0, 1, 2, 1]))
        #expect(definition.bucketTable.bucketCounts[2] == 0)
    }

    @Test func winnerForceAndControlNameCells() throws {
        let definition = try Self.definition(
            Self.factors + "status: resolved\nwinner: urgent+orange\nforce: { qa: classic+purple }\ncontrol: classic+green\n")
        #expect(definition.winner == "urgent+orange")
        #expect(definition.force == ["qa": 2])
        #expect(definition.control == "classic+green")
        #expect(definition.resolve(unit: "qa").groupIndex == 2)
        #expect(definition.resolve(unit: "someone").groupIndex == 4)
    }

    @Test func eachFactorHasItsOwnParamsAndDefaults() throws {
        let result = compile([("mv.yaml", """
            identifier: checkout_page
            type: user
            factors:
              headline:
                defaults: { text: "Buy now", size: 17 }
                classic:
                urgent: { description: Louder., params: { text: "Only today", size: 20.5 } }
              button: { green: , orange: { params: { color: "#FF9500" } } }
            """)])
        #expect(result.diagnostics.map(\.description) == [
            "mv.yaml:8:13: error: level 'green' of factor 'button' does not define parameter 'color'; define it there or give it a value in the 'defaults' of factor 'button'",
        ])
        let fixed = compile([("mv.yaml", """
            identifier: checkout_page
            type: user
            factors:
              headline:
                defaults: { text: "Buy now", size: 17 }
                classic:
                urgent: { description: Louder., params: { text: "Only today", size: 20.5 } }
              button: { defaults: { color: "#34C759" }, green: , orange: { params: { color: "#FF9500" } } }
            """)])
        let experiment = try #require(fixed.experiments.first)
        #expect(experiment.parameters.isEmpty)
        #expect(experiment.groups.allSatisfy { $0.parameterValues.isEmpty })
        #expect(experiment.factors.map { $0.parameters.map(\.name) } == [["text", "size"], ["color"]])
        #expect(experiment.factors[0].parameters.map(\.type) == [.string, .double])
        #expect(experiment.factors[0].levels.map(\.parameterValues) == [
            [.string("Buy now"), .double(17)], [.string("Only today"), .double(20.5)],
        ])
        #expect(experiment.factors[0].levels.map(\.description) == [nil, "Louder."])
        #expect(experiment.factors[1].levels.map(\.parameterValues) == [[.string("#34C759")], [.string("#FF9500")]])
    }

    @Test func layersTrafficTargetingAndHoldoutsWorkUnchanged() throws {
        let result = compile([("mv.yaml", Self.factors + """
            traffic: 20
            layer: { name: checkout, range: [0, 50] }
            targeting: { platform: [ios] }
            ---
            holdout: { name: q1, type: user, percent: 5, experiments: [checkout_page] }
            """)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let definition = try #require(result.experiments.first).definition
        #expect(definition.trafficBuckets == 2000)
        #expect(definition.layer?.buckets == 0..<5000)
        #expect(definition.targeting != nil)
        #expect(definition.holdout?.name == "q1")
        #expect(definition.factorial?.factors.count == 2)
    }
}
