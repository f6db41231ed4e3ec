import SplitTestCompiler
import Testing

/// Rules across documents and files, warnings, and the order in which a run reports.
@Suite struct DiagnosticsRunTests {
    @Test func duplicateIdentifierIsReportedAtTheSecondWithANoteAtTheFirst() {
        let result = compile([("a.yaml", experiment("dup")), ("b.yaml", experiment("dup"))])
        #expect(result.diagnostics.map(\.description) == [
            "b.yaml:1:13: error: duplicate identifier 'dup'",
            "a.yaml:1:13: note: 'dup' is first defined here",
        ])
        #expect(result.experiments.count == 1)
        #expect(result.experiments.first?.displayPath == "a.yaml")
    }

    /// The run counts every experiment written, with errors or not, and only experiments.
    @Test func everyExperimentDocumentIsCountedWhetherOrNotItHasErrors() {
        let result = compile([
            ("a.yaml", experiment("good") + "\n---\n" + experiment("bad", extra: "trafic: 50")),
            ("b.yaml", "segment: { name: s, conditions: { platform: ios } }\n---\nenvironments: [staging]\n"),
            ("c.yaml", experiment("anchored", extra: "owner: &team growth")),
            ("d.yaml", experiment("cut_short") + "\n\towner: me\n"),
            ("e.yaml", "segment: { name: t, conditions: { platform: ios } }\n---\nsegment:\n  name: u\n\tconditions: {}\n"),
        ])
        #expect(result.experiments.map(\.identifier) == ["good"])
        #expect(result.experimentDocuments == 4)
    }

    @Test func duplicateSwiftTypeNames() {
        let result = compile([
            ("a.yaml", experiment("first", extra: "swift_name: Same")),
            ("b.yaml", experiment("second", extra: "swift_name: Same")),
            ("c.yaml", experiment("some")),
            ("d.yaml", experiment("same_split_test", extra: "swift_name: SomeSplitTest")),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "b.yaml:4:13: error: experiments 'first' and 'second' both become the Swift type 'Same'; set a different 'swift_name'",
            "a.yaml:4:13: note: 'first' is defined here",
            "d.yaml:4:13: error: experiments 'some' and 'same_split_test' both become the Swift type 'SomeSplitTest'; set a different 'swift_name'",
            "c.yaml:1:13: note: 'some' is defined here",
        ])
        #expect(result.experiments.map(\.identifier) == ["first", "some"])
    }

    @Test func overlappingLayerRangesNameBothLocations() {
        let result = compile([
            ("a.yaml", experiment("left", extra: "layer: { name: checkout, range: [0, 50] }")),
            ("b.yaml", experiment("right", extra: "layer: { name: checkout, range: [40, 60] }")
                + "\n---\n" + experiment("rest", extra: "layer: { name: checkout, range: [60, 100] }")
                + "\n---\n" + experiment("elsewhere", extra: "layer: { name: profile, range: [0, 100] }")),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "b.yaml:4:33: error: experiments 'left' and 'right' overlap in layer 'checkout': [0, 50] and [40, 60]; the experiments of a layer must own disjoint ranges",
            "a.yaml:4:33: note: the range of 'left' is here",
        ])
        #expect(result.experiments.map(\.identifier) == ["elsewhere", "left", "rest"])
    }

    @Test func overlapIsFoundAcrossANonOverlappingNeighbour() {
        let result = compile([
            ("a.yaml", experiment("wide", extra: "layer: { name: l, range: [0, 80] }")
                + "\n---\n" + experiment("inner", extra: "layer: { name: l, range: [10, 20] }")
                + "\n---\n" + experiment("late", extra: "layer: { name: l, range: [50.5, 60] }")),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "a.yaml:9:26: error: experiments 'wide' and 'inner' overlap in layer 'l': [0, 80] and [10, 20]; the experiments of a layer must own disjoint ranges",
            "a.yaml:4:26: note: the range of 'wide' is here",
            "a.yaml:14:26: error: experiments 'wide' and 'late' overlap in layer 'l': [0, 80] and [50.5, 60]; the experiments of a layer must own disjoint ranges",
            "a.yaml:4:26: note: the range of 'wide' is here",
        ])
    }

    @Test func expiredExperimentWarns() {
        #expect(diagnostics(experiment(extra: "expires: 2026-11-21")) == [
            "bad.yaml:4:10: warning: experiment 'button_color' expired on 2026-11-21; resolve it or remove it"
        ])
        #expect(diagnostics(experiment(extra: "expires: 2026-11-22")).isEmpty)
    }

    @Test func resolvedExperimentWarnsAndStillCompiles() {
        let result = compile([("bad.yaml", experiment(extra: "status: resolved\nwinner: blue"))])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:4:9: warning: experiment 'button_color' is resolved: every unit gets 'blue'; its code can be removed once no released app version runs it"
        ])
        #expect(result.experiments.first?.definition.winnerIndex == 1)
    }

    @Test func controlOfWeightZeroWarns() {
        #expect(diagnostics("identifier: x\ntype: device\ngroups: { a: 0, b: 1 }\n") == [
            "bad.yaml:3:14: warning: control group 'a' has weight 0: it receives no units, so the other groups have nothing to be compared with"
        ])
        #expect(diagnostics("identifier: x\ntype: device\ngroups: { a: 1, b: 0 }\ncontrol: b\n") == [
            "bad.yaml:4:10: warning: control group 'b' has weight 0: it receives no units, so the other groups have nothing to be compared with"
        ])
    }

    @Test func aControlCellOfWeightZeroWarnsAsACell() {
        let factorial = "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange]\n"
        let warnings = diagnostics(factorial + "weights: { \"classic+green\": 0 }\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasSuffix(
            "warning: control cell 'classic+green' has weight 0: it receives no units, so the other cells have nothing to be compared with") == true,
            "\(warnings)")
    }

    @Test func everyErrorOfARunIsReportedInFileThenLineOrder() {
        let result = compile([
            ("one.yaml", "identifier: x\ntype: user\ngroups: { a: 1, b: 1 }\ncontrol: c\nfoo: 1\n---\n" + experiment("y")),
            ("two.yaml", "identifier: Z\ntype: team\ngroups: [a]\n"),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "one.yaml:4:10: error: group 'c' is not defined",
            "one.yaml:5:1: error: unknown key 'foo'",
            "two.yaml:1:13: error: identifier 'Z' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
            "two.yaml:2:7: error: 'type' must be 'device' or 'user', not 'team'",
            "two.yaml:3:9: error: an experiment needs at least two groups; found 1",
        ])
        #expect(result.experiments.map(\.identifier) == ["y"])
    }
}
