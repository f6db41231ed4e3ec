/// How definition names (`dark_gray`) become Swift names (`darkGray`, `DarkGray`).
///
/// The validator uses the same functions as the emitter, so that two names that would become one
/// Swift identifier are reported on the YAML file instead of failing the Swift build.
public enum SwiftNaming {
    /// `dark_gray` → `darkGray`, `new_v1` → `newV1`: underscores dropped, the letter after each
    /// one upper-cased.
    public static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = !result.isEmpty
            } else if upperNext {
                result += character.uppercased()
                upperNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `button_color` → `ButtonColor`.
    public static func upperCamelCase(_ name: String) -> String {
        let lower = lowerCamelCase(name)
        guard let first = lower.first else { return lower }
        return first.uppercased() + lower.dropFirst()
    }

    /// The default Swift type name of an experiment: `button_color` → `ButtonColorSplitTest`.
    public static func typeName(forIdentifier identifier: String) -> String {
        upperCamelCase(identifier) + "SplitTest"
    }

    /// `identifier`, in backticks when it is a Swift keyword (`` `default` ``).
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Names that a group case or a parameter property cannot take, even in backticks, because the
    /// generated enum already has a member of that name or Swift gives the name a meaning there.
    public static let reservedMemberNames: Set<String> = [
        "self", "init", "rawValue", "allCases", "hashValue", "hash", "AllCases", "RawValue",
    ]

    /// Swift's keywords, which need backticks as identifiers.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
        "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "package",
    ]
}
