import ArgumentParser
import SplitTestCompiler
import SplitcCommandLine

/// `splitc schema`: the JSON Schema of the definition language, for editors.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints the JSON Schema of the definition language, for editors.")

    func run() {
        Console.output(DefinitionSchema.json)
    }
}
