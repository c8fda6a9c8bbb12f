import Foundation
import KitchenCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
