import CGestureKit

// The C face of the panel profile, the input filters and the telemetry (`Engine+Filters.swift`,
// `Metrics.swift`).

@_optimize(size) private func cProfile(_ p: PanelProfile) -> gk_panel_profile {
    gk_panel_profile(size: MemoryLayout<gk_panel_profile>.size, width_mm: p.widthMillimetres,
                     height_mm: p.heightMillimetres, sample_rate_hz: p.sampleRate, noise: p.noise,
                     max_contact_radius: p.maximumContactRadius, reports_pressure: p.reportsPressure ? 1 : 0,
                     reports_size: p.reportsSize ? 1 : 0, edge_top: p.edgeTop, edge_left: p.edgeLeft,
                     edge_bottom: p.edgeBottom, edge_right: p.edgeRight)
}

@_optimize(size) private func cFilters(_ s: InputFilterSettings) -> gk_input_filters {
    var flags: UInt32 = 0
    if s.noiseAwareThresholds { flags |= GK_FILTER_NOISE_THRESHOLDS.rawValue }
    if s.ghosts { flags |= GK_FILTER_GHOSTS.rawValue }
    if s.palms { flags |= GK_FILTER_PALMS.rawValue }
    if s.chatter { flags |= GK_FILTER_CHATTER.rawValue }
    if s.edges { flags |= GK_FILTER_EDGES.rawValue }
    return gk_input_filters(size: MemoryLayout<gk_input_filters>.size, flags: flags, jitter: UInt32(s.jitter.rawValue),
                            one_euro_min_cutoff: s.oneEuroMinimumCutoff, one_euro_beta: s.oneEuroBeta,
                            ghost_min_duration: s.ghostMinimumDuration, ghost_max_speed: s.ghostMaximumSpeed,
                            stuck_timeout: s.stuckTimeout, chatter_interval: s.chatterInterval,
                            chatter_distance: s.chatterDistance)
}

private let allFilterFlags: UInt32 = GK_FILTER_NOISE_THRESHOLDS.rawValue | GK_FILTER_GHOSTS.rawValue
    | GK_FILTER_PALMS.rawValue | GK_FILTER_CHATTER.rawValue | GK_FILTER_EDGES.rawValue

@c @implementation
@_optimize(size) public func gk_panel_profile_init(_ profile: UnsafeMutablePointer<gk_panel_profile>?) -> gk_status {
    guard let profile else { return GK_ERR_NULL_POINTER }
    profile.pointee = cProfile(PanelProfile())
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_panel_profile(_ engine: OpaquePointer?, _ profile: UnsafePointer<gk_panel_profile>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    var p = PanelProfile()
    if let profile {
        let c = profile.pointee
        guard cSize(c.size) >= MemoryLayout<gk_panel_profile>.size else { return GK_ERR_STRUCT_SIZE }
        guard c.reports_pressure <= 1, c.reports_size <= 1 else { return GK_ERR_INVALID_ARGUMENT }
        p.widthMillimetres = c.width_mm
        p.heightMillimetres = c.height_mm
        p.sampleRate = c.sample_rate_hz
        p.noise = c.noise
        p.maximumContactRadius = c.max_contact_radius
        p.reportsPressure = c.reports_pressure == 1
        p.reportsSize = c.reports_size == 1
        p.edgeTop = c.edge_top
        p.edgeLeft = c.edge_left
        p.edgeBottom = c.edge_bottom
        p.edgeRight = c.edge_right
    }
    do { try box.engine.setPanelProfile(p) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_panel_profile(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_panel_profile>?,
                                        _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_panel_profile>.size else { return GK_ERR_STRUCT_SIZE }
    copyOut(cProfile(box.engine.panelProfile), to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_input_filters_init(_ filters: UnsafeMutablePointer<gk_input_filters>?) -> gk_status {
    guard let filters else { return GK_ERR_NULL_POINTER }
    filters.pointee = cFilters(InputFilterSettings())
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_input_filters(_ engine: OpaquePointer?, _ filters: UnsafePointer<gk_input_filters>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    var s = InputFilterSettings()
    if let filters {
        let c = filters.pointee
        guard cSize(c.size) >= MemoryLayout<gk_input_filters>.size else { return GK_ERR_STRUCT_SIZE }
        guard c.flags & ~allFilterFlags == 0, let jitter = JitterFilter(rawValue: UInt8(truncatingIfNeeded: c.jitter)),
              c.jitter <= 2 else { return GK_ERR_INVALID_ARGUMENT }
        s.jitter = jitter
        s.noiseAwareThresholds = c.flags & GK_FILTER_NOISE_THRESHOLDS.rawValue != 0
        s.ghosts = c.flags & GK_FILTER_GHOSTS.rawValue != 0
        s.palms = c.flags & GK_FILTER_PALMS.rawValue != 0
        s.chatter = c.flags & GK_FILTER_CHATTER.rawValue != 0
        s.edges = c.flags & GK_FILTER_EDGES.rawValue != 0
        s.oneEuroMinimumCutoff = c.one_euro_min_cutoff
        s.oneEuroBeta = c.one_euro_beta
        s.ghostMinimumDuration = c.ghost_min_duration
        s.ghostMaximumSpeed = c.ghost_max_speed
        s.stuckTimeout = c.stuck_timeout
        s.chatterInterval = c.chatter_interval
        s.chatterDistance = c.chatter_distance
    }
    do { try box.engine.setInputFilters(s) } catch { return status(error) }
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_input_filters(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_input_filters>?,
                                        _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_input_filters>.size else { return GK_ERR_STRUCT_SIZE }
    copyOut(cFilters(box.engine.inputFilterSettings), to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_get_filter_counters(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gk_filter_counters>?,
                                          _ size: Int) -> gk_status {
    guard let box = unwrapEngine(engine), let out else { return GK_ERR_NULL_POINTER }
    guard cSize(size) >= MemoryLayout<gk_filter_counters>.size else { return GK_ERR_STRUCT_SIZE }
    let c = box.engine.filterCounters
    let v = gk_filter_counters(jitter_smoothed: c.jitterSmoothed, ghost_short: c.ghostShort, ghost_jump: c.ghostJump,
                               ghost_empty: c.ghostEmpty, ghost_stuck: c.ghostStuck, palms: c.palms,
                               chatter: c.chatter, edge_dropped: c.edgeDropped, edge_released: c.edgeReleased)
    copyOut(v, to: UnsafeMutableRawPointer(out), size: size)
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_set_metrics(_ engine: OpaquePointer?, _ enabled: Bool) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    box.engine.metricsEnabled = enabled
    return GK_OK
}

@c @implementation
@_optimize(size) public func gk_engine_write_metrics(_ engine: OpaquePointer?, _ format: UInt32, _ buffer: UnsafeMutablePointer<CChar>?,
                                    _ size: Int, _ outLength: UnsafeMutablePointer<Int>?) -> gk_status {
    guard let box = unwrapEngine(engine) else { return GK_ERR_NULL_POINTER }
    guard let f = MetricsFormat(rawValue: UInt8(truncatingIfNeeded: format)), format <= 1 else {
        return GK_ERR_INVALID_ARGUMENT
    }
    if size != 0 && buffer == nil { return GK_ERR_NULL_POINTER }
    let text = box.engine.writeMetrics(format: f)
    outLength?.pointee = text.count
    guard let buffer, cSize(size) > text.count else {
        if let buffer, size != 0 { buffer[0] = 0 }
        return GK_ERR_CAPACITY
    }
    for k in 0..<text.count { buffer[k] = CChar(bitPattern: text[k]) }
    buffer[text.count] = 0
    return GK_OK
}
