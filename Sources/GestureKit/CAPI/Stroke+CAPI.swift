import CGestureKit

// Stroke templates from C: adding, naming, matching.

@_optimize(size) private func stroke(_ engine: OpaquePointer?, _ h: gk_recognizer) -> (StrokeGestureRecognizer?, gk_status) {
    guard let box = unwrapEngine(engine) else { return (nil, GK_ERR_NULL_POINTER) }
    guard let r = box.recognizer(h) else { return (nil, GK_ERR_STALE_HANDLE) }
    guard let s = r as? StrokeGestureRecognizer else { return (nil, GK_ERR_WRONG_KIND) }
    return (s, GK_OK)
}

/// Copies `count` C points, or nil when the count is out of range or a point is not finite.
@_optimize(size) private func points(_ p: UnsafePointer<gk_point>?, _ count: Int) -> [Point]? {
    guard let p, count >= 2, count <= Int(GK_MAX_STROKE_POINTS) else { return nil }
    var out: [Point] = []
    out.reserveCapacity(count)
    for k in 0..<count {
        let q = Point(x: p[k].x, y: p[k].y)
        guard q.isWindowPoint else { return nil }
        out.append(q)
    }
    return out
}

@c @implementation
@_optimize(size) public func gk_stroke_add_template(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ name: UnsafePointer<CChar>?,
                                   _ nameLength: Int, _ pts: UnsafePointer<gk_point>?, _ count: Int,
                                   _ outIndex: UnsafeMutablePointer<Int32>?) -> gk_status {
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard pts != nil else { return GK_ERR_NULL_POINTER }
    guard nameLength >= 0, nameLength <= Int(GK_MAX_STROKE_NAME), nameLength == 0 || name != nil else {
        return GK_ERR_INVALID_ARGUMENT
    }
    guard cSize(count) <= GK_MAX_STROKE_POINTS else { return GK_ERR_CAPACITY }
    guard s.templates.count < Int(GK_MAX_STROKE_TEMPLATES) else { return GK_ERR_CAPACITY }
    guard let p = points(pts, count) else { return GK_ERR_INVALID_ARGUMENT }
    guard let index = s.addTemplate(name: bytes(name, count: nameLength), points: p) else { return GK_ERR_INVALID_ARGUMENT }
    outIndex?.pointee = Int32(index)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_add_builtin_templates(_ engine: OpaquePointer?, _ recognizer: gk_recognizer) -> gk_status {
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard s.templates.count + BuiltInStrokes.all.count <= Int(GK_MAX_STROKE_TEMPLATES) else { return GK_ERR_CAPACITY }
    s.addBuiltInTemplates()
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_template_count(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                     _ out: UnsafeMutablePointer<UInt32>?) -> gk_status {
    guard let out else { return GK_ERR_NULL_POINTER }
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    out.pointee = UInt32(s.templates.count)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_template_name(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ index: UInt32,
                                    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                    _ outLength: UnsafeMutablePointer<Int>?) -> gk_status {
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard Int(clamping: index) < s.templates.count else { return GK_ERR_OUT_OF_RANGE }
    if size != 0 && buffer == nil { return GK_ERR_NULL_POINTER }
    copyText(s.templates[Int(clamping: index)].name, to: buffer, size: size, length: outLength)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_match(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ pts: UnsafePointer<gk_point>?,
                            _ count: Int, _ outIndex: UnsafeMutablePointer<Int32>?,
                            _ outScore: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let outIndex, let outScore, pts != nil else { return GK_ERR_NULL_POINTER }
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard let p = points(pts, count) else { return GK_ERR_INVALID_ARGUMENT }
    if let m = s.match(p) {
        outIndex.pointee = Int32(m.index)
        outScore.pointee = m.score
    } else {
        outIndex.pointee = -1
        outScore.pointee = 0
    }
    return GK_OK
}

/// Copies `count` stroke numbers: each point's stroke, consecutive points of a stroke together
/// (a number, once left, never comes back), so the strokes are in drawing order. Nil when not.
@_optimize(size) private func strokeIDs(_ ids: UnsafePointer<UInt32>?, _ count: Int) -> [Int32]? {
    guard let ids, count >= 1 else { return nil }
    var out: [Int32] = []
    out.reserveCapacity(count)
    var seen: [UInt32] = []
    for k in 0..<count {
        let id = ids[k]
        if k > 0 && id != ids[k - 1] {
            if seen.contains(id) { return nil }
            seen.append(ids[k - 1])
        }
        guard seen.count < Int(GK_MAX_STROKE_COUNT) else { return nil }
        out.append(Int32(seen.count))
    }
    return out
}

@c @implementation
@_optimize(size) public func gk_stroke_add_multistroke_template(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                               _ name: UnsafePointer<CChar>?, _ nameLength: Int,
                                               _ pts: UnsafePointer<gk_point>?, _ ids: UnsafePointer<UInt32>?,
                                               _ count: Int, _ outIndex: UnsafeMutablePointer<Int32>?) -> gk_status {
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard pts != nil, ids != nil else { return GK_ERR_NULL_POINTER }
    guard nameLength >= 0, nameLength <= Int(GK_MAX_STROKE_NAME), nameLength == 0 || name != nil else {
        return GK_ERR_INVALID_ARGUMENT
    }
    guard cSize(count) <= GK_MAX_STROKE_POINTS else { return GK_ERR_CAPACITY }
    guard s.templates.count < Int(GK_MAX_STROKE_TEMPLATES) else { return GK_ERR_CAPACITY }
    guard let p = points(pts, count), let strokes = strokeIDs(ids, count) else { return GK_ERR_INVALID_ARGUMENT }
    guard let index = s.addTemplate(name: bytes(name, count: nameLength), points: p, strokeOf: strokes) else {
        return GK_ERR_INVALID_ARGUMENT
    }
    outIndex?.pointee = Int32(index)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_match_strokes(_ engine: OpaquePointer?, _ recognizer: gk_recognizer,
                                    _ pts: UnsafePointer<gk_point>?, _ ids: UnsafePointer<UInt32>?, _ count: Int,
                                    _ outIndex: UnsafeMutablePointer<Int32>?,
                                    _ outScore: UnsafeMutablePointer<Double>?) -> gk_status {
    guard let outIndex, let outScore, pts != nil, ids != nil else { return GK_ERR_NULL_POINTER }
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard let p = points(pts, count), let strokes = strokeIDs(ids, count) else { return GK_ERR_INVALID_ARGUMENT }
    if let m = s.match(p, strokeOf: strokes) {
        outIndex.pointee = Int32(m.index)
        outScore.pointee = m.score
    } else {
        outIndex.pointee = -1
        outScore.pointee = 0
    }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_stroke_template_points(_ engine: OpaquePointer?, _ recognizer: gk_recognizer, _ index: UInt32,
                                      _ outPoints: UnsafeMutablePointer<gk_point>?, _ outIDs: UnsafeMutablePointer<UInt32>?,
                                      _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let outCount else { return GK_ERR_NULL_POINTER }
    let (s, st) = stroke(engine, recognizer)
    guard let s else { return st }
    guard Int(clamping: index) < s.templates.count else { return GK_ERR_OUT_OF_RANGE }
    let source = s.templateSource(Int(clamping: index))
    outCount.pointee = source.points.count
    guard capacity != 0 else { return GK_OK }
    guard let outPoints else { return GK_ERR_NULL_POINTER }
    guard cSize(capacity) >= source.points.count else { return GK_ERR_CAPACITY }
    for k in 0..<source.points.count {
        outPoints[k] = gk_point(x: source.points[k].x, y: source.points[k].y)
        outIDs?[k] = UInt32(clamping: source.strokeOf[k])
    }
    return GK_OK
}
