/// The Kotlin type of a parameter.
enum KotlinType: String {
    case string = "String"
    case int = "Int"
    case long = "Long"
    case double = "Double"
    case boolean = "Boolean"

    /// The type of a parameter declared `type` whose values are `values`: Swift's `Int` is 64
    /// bits and Kotlin's 32, so an integer parameter with a value beyond 32 bits is a `Long`.
    init(_ type: ParameterType, values: [ParameterValue]) {
        switch type {
        case .string: self = .string
        case .double: self = .double
        case .bool: self = .boolean
        case .int:
            let fits = values.allSatisfy { value in
                guard case .int(let int) = value else { return true }
                return Int32(exactly: int) != nil
            }
            self = fits ? .int : .long
        }
    }
}
