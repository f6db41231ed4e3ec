/// How definition names become TypeScript names in `splitTests.ts`: each experiment is a
/// constant in lowerCamelCase (`button_color` → `buttonColor`) with the types `ButtonColorGroup`
/// and `ButtonColorParams`; parameters are properties in lowerCamelCase as in Swift; groups are
/// string literals as written (`"dark_gray"`, the cell `"two+on"`).
public enum TypeScriptNaming {
    /// The name of the constant that lists every experiment.
    public static let catalogName = "splitTests"

    /// Names a module-level constant cannot take: JavaScript's reserved words (strict mode and
    /// modules included), the names TypeScript reserves at the top of a module, and built-in
    /// globals that a declaration may not shadow.
    public static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import",
        "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try",
        "typeof", "var", "void", "while", "with", "implements", "interface", "let", "package",
        "private", "protected", "public", "static", "yield", "await", "arguments", "eval",
        "undefined", "require", "exports", "module", "globalThis",
    ]

    /// The constant of each experiment, in order: lowerCamelCase of its identifier. A reserved
    /// word, ``catalogName``, or a name another experiment also becomes (`promo_2` and `promo2`) is
    /// spelled as the identifier is written, with a trailing underscore when that is still
    /// taken (`delete_`).
    public static func constantNames(forIdentifiers identifiers: [String]) -> [String] {
        UniqueNames.assign(
            identifiers, preferred: SwiftNaming.lowerCamelCase, fallback: { $0 },
            isReserved: { reservedWords.contains($0) || $0 == catalogName })
    }

    /// The prefix of an experiment's types, from its constant: `buttonColor` → `ButtonColor`.
    public static func typePrefix(forConstant constant: String) -> String {
        guard let first = constant.first else { return constant }
        return first.uppercased() + constant.dropFirst()
    }

    /// The property of each parameter, in order: lowerCamelCase as in Swift; one that another
    /// parameter of the experiment also becomes (parameters of different factors: `a_b` and
    /// `a__b`) is spelled as written in the definition.
    public static func propertyNames(forParameters parameters: [String]) -> [String] {
        UniqueNames.assign(
            parameters, preferred: SwiftNaming.lowerCamelCase, fallback: { $0 }, isReserved: { _ in false })
    }

    /// The key of a group in an object literal: its name when it is an identifier (`dark_gray`),
    /// a string literal otherwise (the cell `"two+on"`).
    static func propertyKey(_ group: String) -> String {
        isIdentifierName(group) ? group : TypeScriptLiteral.string(group)
    }

    /// The expression that reads the group's entry of `object`: `object.red`, `object["two+on"]`.
    static func member(_ group: String, of object: String) -> String {
        isIdentifierName(group) ? object + "." + group : object + "[" + TypeScriptLiteral.string(group) + "]"
    }

    /// Whether `name` is written as a property name without quotes: a definition name
    /// (`[a-z][a-z0-9_]*`), which reserved words may be as property names.
    private static func isIdentifierName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
