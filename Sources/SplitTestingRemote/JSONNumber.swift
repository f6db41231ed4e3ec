import Foundation

/// Reading numbers out of `JSONSerialization`'s results without taking `true` for 1.
enum JSONNumber {
    /// Whether `value` is a JSON boolean. `JSONSerialization` gives booleans as NSNumbers of
    /// type `char` ("c") on every platform, and numbers never as `char`.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// The number as a double, or `nil` for anything else (booleans included).
    static func double(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    /// The number as an integer when it is a whole number in `Int`'s range.
    static func integer(_ value: Any) -> Int? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        if let exact = value as? Int { return exact }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9.0e15 else { return nil }
        return Int(double)
    }

    /// The value as a short text for messages.
    static func text(_ value: Any) -> String {
        if isBoolean(value) { return (value as? Bool) == true ? "true" : "false" }
        if let number = value as? NSNumber { return number.stringValue }
        if let string = value as? String { return "'\(string.prefix(40))'" }
        if value is NSNull { return "null" }
        return "a non-number"
    }
}
