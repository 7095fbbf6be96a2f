/// A recognizer's targets (rules 23–24): the actions called for every state change that sends
/// actions, from Swift (`addTarget`, a token to remove it) or from C (keyed by function and data).
extension GestureRecognizer {
    /// Adds an action; it is called for every state change that sends actions.
    @discardableResult
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) -> TargetToken {
        let token = nextTargetToken
        nextTargetToken &+= 1
        targets.append(Target(token: token, keyFunction: 0, keyData: 0, isKeyed: false, action: { r, _ in action(r) }))
        return TargetToken(value: token)
    }

    /// Removes the action added with `token`.
    public func removeTarget(_ token: TargetToken) {
        targets.removeAllInPlace { $0.token == token.value }
    }

    /// Removes every target (UIKit's `removeTarget(nil, action: nil)`).
    public func removeAllTargets() { targets.removeAll() }

    /// Keyed form used by the C ABI: the same (function, data) pair twice is ignored. The action
    /// also receives the action being sent, which the C face hands to the function.
    /// Returns `false` when the pair was already present.
    @discardableResult
    @_optimize(size) func addKeyedTarget(function: UInt, data: UInt,
                        action: @escaping (GestureRecognizer, ActionSnapshot) -> Void) -> Bool {
        for t in targets where t.isKeyed && t.keyFunction == function && t.keyData == data { return false }
        let token = nextTargetToken
        nextTargetToken &+= 1
        targets.append(Target(token: token, keyFunction: function, keyData: data, isKeyed: true, action: action))
        return true
    }

    /// Removes keyed targets; `nil` matches every function or every data word. Returns how many.
    @discardableResult
    @_optimize(size) func removeKeyedTargets(function: UInt?, data: UInt?) -> Int {
        let before = targets.count
        targets.removeAllInPlace { t in
            t.isKeyed && (function == nil || t.keyFunction == function!) && (data == nil || t.keyData == data!)
        }
        return before - targets.count
    }

    public var targetCount: Int { targets.count }

    /// Whether the target with this token is still installed.
    func hasTarget(token: UInt64) -> Bool {
        for t in targets where t.token == token { return true }
        return false
    }
}
