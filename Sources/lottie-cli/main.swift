import Foundation

// The commands of lottie-cli, in the order `lottie-cli --help` lists them. A new command is a
// file in Commands/ and one line here.
let commands: [any Command] = [
    InspectCommand(),
    EvalCommand(),
    FramesCommand(),
    TabsCommand(),
    PlayCommand(),
    StickerCommand(),
    BenchCommand(),
    SnapshotCommand(),
    CheckCommand(),
    DiffCommand(),
    ValidateCommand(),
    RenderCommand(),
    CompareCommand(),
]

let tool = CommandLineTool(
    name: "lottie-cli",
    overview: "lottie-cli: inspect Lottie animations and evaluate any property at any moment.",
    commands: commands)
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
