@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestCompiler
import SplitTestFormats

/// Attribute values given as JSON, as `splitc assign --attributes` takes them, checked against
/// the built-in attributes and the declared ones: the same values an app sets, so that the tool
/// resolves as the app does.
///
/// ```swift
/// let values = try AttributesInput.read(
///     Array(#"{"app_version": "5.3.1", "platform": "ios", "plan": "pro"}"#.utf8),
///     declarations: result.attributes)
/// ```
public enum AttributesInput {
    /// Why the JSON cannot be used, in words a user can act on.
    @_spi(Tools) public typealias Failure = SplitTestAttributeValues.ReadingFailure

    /// The values `bytes` give: one JSON object of attribute name to value (`null` leaves an
    /// attribute unset). Versions are strings (`"5.3.1"`), ints whole numbers, bools `true` or
    /// `false`, and string attributes with `values` one of them.
    @_spi(Tools) public static func read(
        _ bytes: [UInt8], declarations: [AttributeDeclaration]
    ) throws(Failure) -> SplitTestAttributeValues {
        try SplitTestAttributeValues(readingObject: members(of: bytes), kinds: AttributeDeclaration.kinds(declarations))
    }

    /// The most bytes read: attributes are a handful of short values.
    static let maximumByteCount = 65_536

    /// The members of the one JSON object `bytes` hold.
    private static func members(of bytes: [UInt8]) throws(Failure) -> [JSONValue.Member] {
        func failure(_ reason: String) -> Failure { Failure(message: "not a JSON object of attributes: " + reason) }
        guard bytes.count <= maximumByteCount else {
            throw failure("the JSON is \(bytes.count) bytes; at most \(maximumByteCount) are read")
        }
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw failure("expected a JSON object such as {\"plan\": \"pro\"}; found nothing")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch {
            throw failure("\(error.reason) at character \(error.offset + 1)")
        }
        guard case .object(let members) = root else {
            throw failure("expected a JSON object such as {\"plan\": \"pro\"}; found \(root.kindDescription)")
        }
        return members
    }
}
