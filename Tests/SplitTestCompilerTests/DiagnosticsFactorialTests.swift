import SplitTestCompiler
import Testing

/// `factors:`, `cells:` and `weights:` of multivariate experiments, and the cells that `winner`,
/// `force` and `control` name: every error located, nothing generated.
@Suite struct DiagnosticsFactorialTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "cell missing factor",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, { headline: urgent }]\n",
            "bad.yaml:6:24: error: this cell misses factor 'button'; a cell names one level of every factor"),
        DiagnosticCase(
            "cell name missing factor",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, orange]\n",
            "bad.yaml:6:24: error: cell 'orange' misses factor 'headline'; a cell names one level of each factor, joined by '+' in factor order (headline+button)"),
        DiagnosticCase(
            "cell name too many",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, urgent+orange+big]\n",
            "bad.yaml:6:24: error: cell 'urgent+orange+big' names 3 levels; a cell names one level of each factor, joined by '+' in factor order (headline+button)"),
        DiagnosticCase(
            "cell out of order",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, orange+urgent]\n",
            "bad.yaml:6:24: error: cell 'orange+urgent' names its levels out of order; write 'urgent+orange' (factor order: headline+button)"),
        DiagnosticCase(
            "cell twice",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, urgent+orange, { button: orange, headline: urgent }]\n",
            "bad.yaml:6:39: error: cell 'urgent+orange' is listed twice",
            "bad.yaml:6:24: note: 'urgent+orange' is first listed here"),
        DiagnosticCase(
            "cells unknown factor",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, { headlin: urgent, button: orange }]\n",
            "bad.yaml:6:26: error: unknown factor 'headlin' in a cell; did you mean 'headline'?"),
        DiagnosticCase(
            "cells unknown level",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, { headline: urgnt, button: orange }]\n",
            "bad.yaml:6:36: error: factor 'headline' has no level 'urgnt'; did you mean 'urgent'?"),
        DiagnosticCase(
            "cells without factors",
            "identifier: x\ntype: user\ngroups: [a, b]\ncells: all\nweights: { a: 2 }\n",
            "bad.yaml:4:1: error: 'cells' is only for a multivariate experiment, one with 'factors'",
            "bad.yaml:5:1: error: 'weights' is only for a multivariate experiment, one with 'factors'"),
        DiagnosticCase(
            "control not listed",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [urgent+green, urgent+orange]\n",
            "bad.yaml:6:8: error: the control cell 'classic+green' (the first level of every factor) must be listed in 'cells'"),
        DiagnosticCase(
            "control other",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncontrol: urgent+orange\n",
            "bad.yaml:6:10: error: the control of a multivariate experiment is 'classic+green', the cell of every factor's first level; remove 'control', or list the control's levels first"),
        DiagnosticCase(
            "defaults top",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ndefaults: { text: x }\n",
            "bad.yaml:6:1: error: a multivariate experiment has no top-level 'defaults'; give each factor its own, beside its levels"),
        DiagnosticCase(
            "factors list",
            "identifier: x\ntype: user\nfactors: [headline, button]\n",
            "bad.yaml:3:10: error: 'factors' must map factor names to their levels, like { headline: [classic, urgent], button: [green, orange] }; found a list"),
        DiagnosticCase(
            "force unknown",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\nforce: { qa-user: urgnt+green, user-2: \"urgent\" }\n",
            "bad.yaml:6:19: error: factor 'headline' has no level 'urgnt'; did you mean 'urgent'?",
            "bad.yaml:6:40: error: cell 'urgent' misses factor 'button'; a cell names one level of each factor, joined by '+' in factor order (headline+button)"),
        DiagnosticCase(
            "groups too",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ngroups: [a, b]\n",
            "bad.yaml:3:1: error: an experiment has either 'groups' or 'factors', not both"),
        DiagnosticCase(
            "level shapes",
            "identifier: x\ntype: user\nfactors:\n  headline: { classic: 1, urgent: [x] }\n  button: green\n  tone: { soft: { wieght: 2 }, loud: }\n",
            "bad.yaml:4:24: error: level 'classic' of factor 'headline' must be a mapping of 'description' and 'params', or nothing; found '1'",
            "bad.yaml:4:35: error: level 'urgent' of factor 'headline' must be a mapping of 'description' and 'params', or nothing; found a list",
            "bad.yaml:5:11: error: factor 'button' must list its levels, like [classic, urgent], or map each level to its 'description' and 'params'; found 'green'",
            "bad.yaml:6:19: error: unknown key 'wieght' in level 'soft' of factor 'tone'"),
        DiagnosticCase(
            "one cell",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green]\n",
            "bad.yaml:6:8: error: 'cells' must list at least two cells; found 1"),
        DiagnosticCase(
            "one factor",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n",
            "bad.yaml:4:3: error: a multivariate experiment needs at least two factors; found 1 (for one factor, write its levels as 'groups')"),
        DiagnosticCase(
            "one level",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic]\n  button: { green: }\n",
            "bad.yaml:4:13: error: factor 'headline' has 1 level; a factor needs at least two",
            "bad.yaml:5:11: error: factor 'button' has 1 level; a factor needs at least two"),
        DiagnosticCase(
            "param two factors",
            "identifier: x\ntype: user\nfactors:\n  headline:\n    classic: { params: { text: Buy } }\n    urgent: { params: { text: Now } }\n  button:\n    green: { params: { text: G, color: \"#0f0\" } }\n    orange: { params: { text: O, color: \"#f80\" } }\n",
            "bad.yaml:8:24: error: parameter 'text' is declared by factors 'headline' and 'button'; each parameter belongs to one factor",
            "bad.yaml:5:26: note: 'text' is first declared here"),
        DiagnosticCase(
            "param types",
            "identifier: x\ntype: user\nfactors:\n  headline:\n    defaults: { text: Buy }\n    classic:\n    urgent: { params: { text: 3, size: 2 } }\n  button: [green, orange]\n",
            "bad.yaml:5:23: error: parameter 'text' is an Int in level 'urgent' but a String in 'defaults' of factor 'headline'"),
        DiagnosticCase(
            "swift names",
            "identifier: x\ntype: user\nfactors:\n  group: [a, b]\n  raw_value: [c, d]\n  dark_gray: [self, dark__gray, dark_gray]\n  dark__gray: [p, q]\n",
            "bad.yaml:4:3: error: factor name 'group' (Swift type 'Group') is reserved: the generated split test already uses a type of that name; choose another name",
            "bad.yaml:5:3: error: factor name 'raw_value' (Swift 'rawValue') is reserved: the generated Group struct already has a member of that name; choose another name",
            "bad.yaml:6:15: error: level name 'self' is reserved: the generated 'DarkGray' enum already has a member of that name; choose another name",
            "bad.yaml:6:33: error: levels 'dark__gray' and 'dark_gray' of factor 'dark_gray' both become the Swift case 'darkGray'; rename one",
            "bad.yaml:6:21: note: 'dark__gray' is defined here",
            "bad.yaml:7:3: error: factors 'dark_gray' and 'dark__gray' both become the Swift type 'DarkGray'; rename one",
            "bad.yaml:6:3: note: 'dark_gray' is defined here"),
        DiagnosticCase(
            "too many cells",
            "identifier: x\ntype: user\nfactors:\n  a: [l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10]\n  b: [l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10]\n  c: [l0, l1, l2, l3, l4, l5, l6, l7, l8, l9]\n",
            "bad.yaml:4:3: error: the factors make 1,210 cells (11 × 11 × 10); an experiment may have at most 1,000: list the cells to run in 'cells'"),
        DiagnosticCase(
            "weights too small",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\nweights: { \"urgent+orange\": 0.0001, classic+green: 1000 }\n",
            "bad.yaml:6:29: error: cell 'urgent+orange' has weight 0.0001, too small a share of the total for one of the 10,000 buckets; raise it or make it 0"),
        DiagnosticCase(
            "weights unknown",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\nweights: { \"urgent+orang\": 2, \"urgnt+orange\": 1 }\n",
            "bad.yaml:6:12: error: factor 'button' has no level 'orang'; did you mean 'orange'?",
            "bad.yaml:6:31: error: factor 'headline' has no level 'urgnt'; did you mean 'urgent'?"),
        DiagnosticCase(
            "weights unlisted",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, urgent+orange]\nweights: { \"urgent+purple\": 2 }\n",
            "bad.yaml:7:12: error: cell 'urgent+purple' is not listed in 'cells'"),
        DiagnosticCase(
            "weights zero",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\nweights: { classic+green: 0, classic+orange: 0, classic+purple: 0, urgent+green: 0, urgent+orange: 0, urgent+purple: 0 }\n",
            "bad.yaml:6:10: error: at least one cell must have a positive weight"),
        DiagnosticCase(
            "winner unknown",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\nstatus: resolved\nwinner: urgent+blue\n",
            "bad.yaml:7:9: error: factor 'button' has no level 'blue'"),
        DiagnosticCase(
            "winner unlisted",
            "identifier: x\ntype: user\nfactors:\n  headline: [classic, urgent]\n  button: [green, orange, purple]\ncells: [classic+green, urgent+orange]\nstatus: resolved\nwinner: urgent+purple\n",
            "bad.yaml:8:9: error: cell 'urgent+purple' is not listed in 'cells'"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }
}
