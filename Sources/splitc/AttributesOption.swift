import ArgumentParser
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `--attributes JSON`: the unit's targeting attributes, checked against the declarations.
enum AttributesOption {
    /// The values the JSON gives (none without it); a bad value is printed and exits with 1, like
    /// an error in the definitions, since it is input the definitions judge.
    static func values(_ json: String?, declarations: [AttributeDeclaration]) throws(ExitCode) -> SplitTestAttributeValues {
        guard let json else { return SplitTestAttributeValues() }
        do {
            return try AttributesInput.read(Array(json.utf8), declarations: declarations)
        } catch {
            Console.error("splitc: error: --attributes: \(error.message)")
            throw ExitCode(ExitStatus.errors)
        }
    }
}
