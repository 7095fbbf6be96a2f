// swift-tools-version:6.0
import PackageDescription

// `swift test` builds the core as ordinary (hosted) Swift. The shipped library,
// libgesturekit.so.0, is built from the same sources as Embedded Swift by CMake
// (see CMakeLists.txt); GESTUREKIT_EMBEDDED=1 makes SwiftPM do the same for experiments.
let embedded = Context.environment["GESTUREKIT_EMBEDDED"] == "1"
let root = Context.packageDirectory

var swiftSettings: [SwiftSetting] = []
var linkerSettings: [LinkerSetting] = [.linkedLibrary("m")]
if embedded {
    swiftSettings += [.enableExperimentalFeature("Embedded"), .unsafeFlags(["-wmo"])]
    linkerSettings += [.unsafeFlags([
        "-Xlinker", "--version-script=\(root)/cmake/gesturekit.map",
        "-Xlinker", "-soname=libgesturekit.so.0",
        "-Xlinker", "-z", "-Xlinker", "defs",
    ])]
}

var targets: [Target] = [
    .systemLibrary(name: "CGestureKit", path: "Sources/CGestureKit"),
    .systemLibrary(name: "CGestureKitMath", path: "Sources/CGestureKitMath"),
    .target(name: "GestureKit", dependencies: ["CGestureKit", "CGestureKitMath"],
            swiftSettings: swiftSettings, linkerSettings: linkerSettings),
]
if !embedded {
    targets.append(.testTarget(name: "GestureKitTests", dependencies: ["GestureKit", "CGestureKit"]))
}

let package = Package(
    name: "GestureKit",
    products: embedded
        ? [.library(name: "gesturekit", type: .dynamic, targets: ["GestureKit"])]
        : [.library(name: "GestureKit", targets: ["GestureKit"])],
    targets: targets
)
