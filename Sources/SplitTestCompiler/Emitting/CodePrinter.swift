/// Accumulates Swift source line by line, so that indentation lives in one place instead of in
/// every string the emitter builds.
///
/// Lines are written as UTF-8 bytes into a small region the printer owns, which is appended to
/// the output `String` whenever a line ends with the region nearly full, and once more by
/// `finish()`. Appending thousands of small pieces to a `String` spent most of the emitter's
/// time in the string's own bookkeeping (capacity and uniqueness checks, count and flag updates
/// on every append); a piece here is one capacity check and one `memcpy`. The region stays small
/// and is reused, because a second output-sized buffer cost a page fault per 4 KB on every run.
/// Every write is a non-generic pointer operation: generic standard-library code
/// (`Array.append(contentsOf:)`, `allSatisfy`) runs unspecialised in a debug build, where the
/// build plugin runs the compiler.
///
/// Fixed pieces are `StaticString`s: their bytes are in the binary, so they cost no `String` to
/// build and no call to reach. A `String` argument picks the `String` overloads, which are
/// disfavoured so that a literal never does. The printer owns its memory, so it cannot be copied.
struct CodePrinter: ~Copyable {
    /// The source of the lines already handed over from `bytes`.
    private var output = ""
    /// The bytes printed since the last hand-over: `count` of them, in room for `capacity`. They
    /// always include the whole current line, so that `rewind(to:)` can reach back into it.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// How many bytes `output` holds.
    private var handedOver = 0
    /// The indentation of the lines printed next, in levels of four spaces.
    private var depth = 0

    /// The bytes gathered before a line's end hands them over: few enough to stay in the cache
    /// and under the size from which `malloc` maps fresh pages, enough to make hand-overs rare.
    private static let handOverSize = 48 * 1_024

    /// A printer for about `expectedByteCount` bytes of source, reserved in the output up front.
    init(expectedByteCount: Int = 0) {
        output.reserveCapacity(expectedByteCount)
        // Room for a line of any usual length after the hand-over size.
        capacity = Self.handOverSize + 16 * 1_024
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
    }

    /// The printed source.
    consuming func finish() -> String {
        handOver()
        return output
    }

    /// Appends the gathered bytes to `output`.
    ///
    /// The bytes are valid UTF-8 by construction: they come from `String`s, from `StaticString`s
    /// and from ASCII digits, and a rewind only ever returns to the boundary between two pieces.
    /// Where the standard library can take them as such (`UTF8Span(unchecked:)`), the hand-over
    /// skips validation, which goes byte by byte once the text holds a non-ASCII character (every
    /// owner line has a `·`) and took a third of the emitter's time.
    private mutating func handOver() {
        let gathered = UnsafeBufferPointer(start: bytes, count: count)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            output.append(String(copying: UTF8Span(unchecked: gathered.span)))
        } else {
            output.append(String(decoding: gathered, as: UTF8.self))
        }
        handedOver += count
        count = 0
    }

    // MARK: Lines

    /// Prints an empty line, without trailing spaces.
    mutating func line() {
        closeLine()
    }

    /// Prints one line at the current indentation; an empty line is `line()`.
    mutating func line(_ text: StaticString) {
        openLine()
        write(text)
        closeLine()
    }

    /// Prints one line at the current indentation; an empty line carries no trailing spaces.
    @_disfavoredOverload
    mutating func line(_ text: String) {
        if !text.isEmpty {
            openLine()
            write(text)
        }
        closeLine()
    }

    /// Prints one line made of two pieces.
    mutating func line(_ a: StaticString, _ b: StaticString) {
        openLine()
        write(a)
        write(b)
        closeLine()
    }

    /// Prints one line made of three pieces.
    mutating func line(_ a: StaticString, _ b: StaticString, _ c: StaticString) {
        openLine()
        write(a)
        write(b)
        write(c)
        closeLine()
    }

    /// Prints one line made of a name between two fixed pieces: `case .`, `control`, `:`.
    mutating func line(_ a: StaticString, _ b: String, _ c: StaticString) {
        openLine()
        write(a)
        write(b)
        write(c)
        closeLine()
    }

    /// Starts a line: writes the indentation that the pieces written next follow.
    mutating func openLine() {
        // Copied from a literal, which holds more levels than the generated file uses (two).
        let spaces: StaticString = "            "
        var width = depth * 4
        while width > spaces.utf8CodeUnitCount {
            write(spaces.utf8Start, byteCount: spaces.utf8CodeUnitCount)
            width -= spaces.utf8CodeUnitCount
        }
        if width > 0 { write(spaces.utf8Start, byteCount: width) }
    }

    /// Ends the line that `openLine` started.
    mutating func closeLine() {
        if count == capacity { grow(toHold: 1) }
        bytes[count] = 0x0A  // "\n"
        count += 1
        if count >= Self.handOverSize { handOver() }
    }

    /// Prints lines that are already safe in a comment (from `CommentText`) as `///` lines.
    mutating func docLines(_ lines: [String]) {
        for docLine in lines { self.docLine(docLine) }
    }

    /// Prints one `///` line.
    mutating func docLine(_ text: StaticString) {
        openLine()
        write("/// ")
        write(text)
        closeLine()
    }

    /// Prints one `///` line; an empty line has no trailing space.
    @_disfavoredOverload
    mutating func docLine(_ text: String) {
        guard !text.isEmpty else {
            emptyDocLine()
            return
        }
        openLine()
        write("/// ")
        write(text)
        closeLine()
    }

    /// Prints an empty `///` line, which separates a description from what follows it.
    mutating func emptyDocLine() {
        openLine()
        write("///")
        closeLine()
    }

    /// Indents what `body` prints by one level.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    // MARK: Pieces

    /// Writes a fixed piece of the current line.
    mutating func write(_ text: StaticString) {
        guard text.hasPointerRepresentation else {
            // A literal of one scalar may be stored as the scalar itself.
            write(String(text.unicodeScalar))
            return
        }
        write(text.utf8Start, byteCount: text.utf8CodeUnitCount)
    }

    /// Writes a piece of the current line.
    @_disfavoredOverload
    mutating func write(_ text: String) {
        // In place for native and small strings: one generic call, specialised in release.
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Writes UTF-8 bytes, such as a part of a string's storage.
    mutating func write(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let start = utf8.baseAddress else { return }
        write(start, byteCount: utf8.count)
    }

    /// Writes `value` in decimal, without grouping.
    mutating func writeDecimal(_ value: Int) {
        if value < 0 { write("-") }
        writeDigits(value.magnitude, grouped: false)
    }

    /// Writes the decimal digits of `magnitude`, with `_` between thousands when `grouped`.
    mutating func writeDigits(_ magnitude: UInt, grouped: Bool) {
        // UInt.max has 20 digits; multiplying up to the magnitude is cheaper than dividing it down.
        var digitCount = 1
        var power: UInt = 10
        while digitCount < 20 && magnitude >= power {
            digitCount += 1
            power &*= 10
        }
        let width = grouped ? digitCount + (digitCount - 1) / 3 : digitCount
        if capacity - count < width { grow(toHold: width) }
        // From the last digit back; a table lookup spares a generic integer conversion.
        let digits: StaticString = "0123456789"
        var position = count + width
        var written = 0
        var rest = magnitude
        repeat {
            if grouped && written > 0 && written % 3 == 0 {
                position -= 1
                bytes[position] = 0x5F  // "_"
            }
            position -= 1
            bytes[position] = digits.utf8Start[Int(bitPattern: rest % 10)]
            rest /= 10
            written += 1
        } while rest > 0
        count += width
    }

    // MARK: Looking back

    /// How many bytes have been printed: a mark for `written(since:)` and `rewind(to:)`, so that
    /// a piece can be written first and checked in place (for characters that need escaping,
    /// trailing spaces) instead of scanning its `String` beforehand. A mark reaches back to the
    /// start of the current line at most.
    var position: Int { handedOver + count }

    /// The bytes printed since `mark`; valid until the next write.
    func written(since mark: Int) -> UnsafeBufferPointer<UInt8> {
        let start = mark - handedOver
        precondition(start >= 0 && start <= count, "a mark in the current line")
        return UnsafeBufferPointer(start: bytes + start, count: count - start)
    }

    /// Takes back what was printed since `mark`.
    mutating func rewind(to mark: Int) {
        let start = mark - handedOver
        precondition(start >= 0 && start <= count, "a mark in the current line")
        count = start
    }

    // MARK: Storage

    private mutating func write(_ start: UnsafePointer<UInt8>, byteCount: Int) {
        if capacity - count < byteCount { grow(toHold: byteCount) }
        UnsafeMutableRawPointer(bytes + count).copyMemory(from: start, byteCount: byteCount)
        count += byteCount
    }

    /// Moves the bytes to a region with room for `extra` more, at least twice the current one:
    /// only for a line longer than the room left after the hand-over size.
    /// Out of line, so that the writes that rarely need it stay small.
    @inline(never)
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        UnsafeMutableRawPointer(newBytes).copyMemory(from: bytes, byteCount: count)
        bytes.deallocate()
        bytes = newBytes
        capacity = newCapacity
    }
}
