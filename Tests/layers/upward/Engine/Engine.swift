/// A stand-in engine.
final class Engine {}
