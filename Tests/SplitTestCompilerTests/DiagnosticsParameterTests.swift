import SplitTestCompiler
import Testing

/// Group parameters and `defaults`: values, names, types across groups and missing names.
@Suite struct DiagnosticsParameterTests {
    static func groups(_ a: String, _ b: String, extra: String = "") -> String {
        "identifier: x\ntype: device\ngroups:\n  a: \(a)\n  b: \(b)\n\(extra)"
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a String in one group and an Int in another",
            groups("{ params: { color: red } }", "{ params: { color: 3 } }"),
            "bad.yaml:5:25: error: parameter 'color' is a String in group 'a' but an Int in group 'b'"),
        DiagnosticCase(
            "yes is a String, not a Bool",
            groups("{ params: { on: true } }", "{ params: { on: yes } }"),
            "bad.yaml:5:22: error: parameter 'on' is a Bool in group 'a' but a String in group 'b'"),
        DiagnosticCase(
            "a parameter missing without defaults",
            groups("{ params: { size: 1 } }", "{}"),
            "bad.yaml:5:3: error: group 'b' does not define parameter 'size'; define it there or give it a value in 'defaults'"),
        DiagnosticCase(
            "a parameter missing from defaults too",
            groups("{ params: { size: 1, color: red } }", "{ params: { color: blue } }", extra: "defaults: { color: gray }\n"),
            "bad.yaml:5:3: error: group 'b' does not define parameter 'size'; define it there or give it a value in 'defaults'"),
        DiagnosticCase(
            "values that are a mapping, nothing and NaN",
            groups("{ params: { size: { w: 1 }, color: , ratio: .nan } }", "{}"),
            "bad.yaml:4:24: error: parameter 'size' of group 'a' must be a single value (text, a number, true or false); found a mapping",
            "bad.yaml:4:41: error: parameter 'color' of group 'a' has no value",
            "bad.yaml:4:50: error: parameter 'ratio' of group 'a' must be a finite number; found '.nan'"),
        DiagnosticCase(
            "a parameter name with a capital",
            groups("{ params: { Color: 1 } }", "{ params: { Color: 2 } }"),
            "bad.yaml:4:18: error: parameter name 'Color' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
            "bad.yaml:5:18: error: parameter name 'Color' must start with a lowercase letter and contain only lowercase letters, digits and underscores"),
        DiagnosticCase(
            "parameters that become one Swift property",
            groups("{ params: { dark_gray: 1, darkgray: 2, dark__gray: 3 } }", "{ params: { dark_gray: 1, darkgray: 2, dark__gray: 3 } }"),
            "bad.yaml:4:45: error: parameters 'dark_gray' and 'dark__gray' both become the Swift property 'darkGray'; rename one",
            "bad.yaml:4:18: note: 'dark_gray' is defined here"),
        DiagnosticCase(
            "a parameter named like a group",
            groups("{ params: { b: 1 } }", "{ params: { b: 2 } }"),
            "bad.yaml:4:18: error: parameter 'b' and group 'b' both become the Swift member 'b' of the group enum; rename one",
            "bad.yaml:5:3: note: group 'b' is defined here"),
        DiagnosticCase(
            "a reserved parameter name",
            groups("{ params: { raw_value: 1 } }", "{ params: { raw_value: 2 } }"),
            "bad.yaml:4:18: error: parameter name 'raw_value' (Swift 'rawValue') is reserved: the generated group enum already has a member of that name; choose another name"),
        DiagnosticCase(
            "a default of another type",
            groups("{ params: { size: 1 } }", "{ params: { size: 2.5 } }", extra: "defaults: { size: big }\n"),
            "bad.yaml:6:19: error: parameter 'size' is an Int in group 'a' but a String in 'defaults'"),
        DiagnosticCase(
            "params that are a list", groups("{ params: [1] }", "{}"),
            "bad.yaml:4:16: error: the parameters of group 'a' must be a mapping of names to values; found a list"),
        DiagnosticCase(
            "defaults that are a scalar", groups("{}", "{}", extra: "defaults: 3\n"),
            "bad.yaml:6:11: error: the parameters in 'defaults' must be a mapping of names to values; found '3'"),
        DiagnosticCase(
            "a duplicate parameter",
            groups("{ params: { size: 1, size: 2 } }", "{ params: { size: 1 } }"),
            "bad.yaml:4:27: error: duplicate parameter 'size' of group 'a'",
            "bad.yaml:4:18: note: 'size' is first defined here"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }
}
