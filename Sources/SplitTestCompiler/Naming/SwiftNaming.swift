/// How definition names (`dark_gray`) become Swift names (`darkGray`, `DarkGray`).
///
/// The validator uses the same functions as the emitter, so that two names that would become one
/// Swift identifier are reported on the YAML file instead of failing the Swift build.
public enum SwiftNaming {
    /// `dark_gray` → `darkGray`, `new_v1` → `newV1`: underscores dropped, the letter after each
    /// one upper-cased.
    public static func lowerCamelCase(_ name: String) -> String {
        // Definition names are ASCII: a name without underscores is its own Swift name, and any
        // other is converted byte by byte, sparing a `String` per upper-cased letter.
        if !name.containsByte(UInt8(ascii: "_")) { return name }
        if name.isASCII { return asciiLowerCamelCase(name) }
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

    private static func asciiLowerCamelCase(_ name: String) -> String {
        name.withUTF8Bytes { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { buffer in
                var count = 0
                var upperNext = false
                for byte in utf8 {
                    if byte == UInt8(ascii: "_") {
                        upperNext = count > 0
                        continue
                    }
                    let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                    buffer[count] = upperNext && isLower ? byte - 0x20 : byte
                    upperNext = false
                    count += 1
                }
                return count
            }
        }
    }

    /// `button_color` → `ButtonColor`.
    public static func upperCamelCase(_ name: String) -> String {
        let lower = lowerCamelCase(name)
        if let first = lower.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
            var bytes = Array(lower.utf8)
            bytes[0] -= 0x20
            return String(decoding: bytes, as: UTF8.self)
        }
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
