/// Kotlin literals for parameter values, spelled so that the Kotlin compiler reads exactly the
/// value written in the definition.
enum KotlinLiteral {
    /// A string literal; `$` is escaped, since it starts a template.
    static func string(_ value: String) -> String {
        UTF16StringLiteral.quoted(value, escapingDollar: true)
    }

    /// A value of a parameter of type `type`: an `Int` parameter whose values do not all fit
    /// 32 bits is a `Long` (`8L`); the least `Int` and `Long`, whose digits alone would be out of
    /// range before the minus applies, are spelled by name.
    static func value(_ value: ParameterValue, as type: KotlinType) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int) where type == .long: int == .min ? "Long.MIN_VALUE" : String(int) + "L"
        case .int(let int): int == Int(Int32.min) ? "Int.MIN_VALUE" : String(int)
        case .double(let double): self.double(double)
        case .string(let string): self.string(string)
        }
    }

    /// A `Double` literal that reads back as the same value: the shortest spelling that round-trips,
    /// always with a `.` or an exponent (`1.0`, `1e-07`); infinities and NaN by name.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Double.NaN" }
        if value.isInfinite { return value < 0 ? "Double.NEGATIVE_INFINITY" : "Double.POSITIVE_INFINITY" }
        return value.description
    }
}
