/// A view that reaches up into the engine: the layer check must refuse it.
struct BadNode {
    unowned(unsafe) var engine: Engine?
}
