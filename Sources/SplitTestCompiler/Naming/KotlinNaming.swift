/// How definition names become Kotlin names in `SplitTests.kt`: experiments keep their Swift
/// type's name, groups become enum entries in upper snake case (`dark_gray` → `DARK_GRAY`, the cell
/// `five+on+none` → `FIVE_ON_NONE`), parameters become properties in lowerCamelCase as in Swift.
public enum KotlinNaming {
    /// Kotlin's hard keywords, which need backticks as identifiers. Soft and modifier keywords
    /// (`data`, `open`, `value`) are identifiers where the generated code uses names.
    public static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
        "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
        "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// Property names the generated `Group` enum already has: `name` and `ordinal` (final on
    /// every Kotlin enum, so a property of that name does not compile) and `wireName`.
    public static let reservedPropertyNames: Set<String> = ["name", "ordinal", "wireName"]

    /// `identifier`, in backticks when it is a Kotlin keyword (`` `in` ``).
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `dark_gray` → `DARK_GRAY`, `five+on+none` → `FIVE_ON_NONE`.
    public static func upperSnakeCase(_ name: String) -> String {
        String(name.uppercased().map { $0 == "+" ? "_" : $0 })
    }

    /// The enum entry of each group (or cell), in order. Group names, being lowercase, never
    /// collide; cells can (`a_b+c` and `a+b_c`), and then each is spelled with its levels joined
    /// by two underscores (`A_B__C`, `A__B_C`).
    public static func entryNames(forGroups groups: [String]) -> [String] {
        UniqueNames.assign(
            groups, preferred: upperSnakeCase,
            fallback: { String($0.uppercased().split(separator: "+", omittingEmptySubsequences: false).joined(separator: "__")) },
            isReserved: { _ in false })
    }

    /// The property of each parameter, in order, not yet escaped: lowerCamelCase as in Swift. A
    /// reserved name (``reservedPropertyNames``) or one that another parameter of the experiment
    /// also becomes (parameters of different factors: `a_b` and `a__b`) is spelled as written in
    /// the definition (`wire_name`), with a trailing underscore when that is still taken (`name_`).
    public static func propertyNames(forParameters parameters: [String]) -> [String] {
        UniqueNames.assign(
            parameters, preferred: SwiftNaming.lowerCamelCase, fallback: { $0 },
            isReserved: reservedPropertyNames.contains)
    }

    /// Whether `name` is a package name: identifiers (letters, digits and underscores, not
    /// starting with a digit) joined by dots.
    public static func isPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return segment.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            }
        }
    }

    /// `name` with each segment that is a keyword in backticks: `com.example.` + "`in`".
    public static func escapedPackageName(_ name: String) -> String {
        name.split(separator: ".", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: ".")
    }
}
