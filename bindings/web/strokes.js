// Drawn shapes for gesturekit.js (docs/STROKES.md): the stroke recognizer's factory and its
// templates. Points are { x, y } objects or [x, y] pairs, in any size and position.

const MAX_POINTS = 4096;   // GK_MAX_STROKE_POINTS

/** Copies points (and stroke ids) into the module's memory for `fn(points, ids, count)`, then frees them. */
function withPoints(m, points, strokeIds, fn) {
  const n = points.length;
  if (n < 2 || n > MAX_POINTS) throw new RangeError(`a stroke takes 2 to ${MAX_POINTS} points, not ${n}`);
  if (strokeIds && strokeIds.length !== n) throw new RangeError("strokeIds needs one id per point");
  const p = m.exports.malloc(16 * n), ids = strokeIds ? m.exports.malloc(4 * n) : 0;
  try {
    const d = m._dv();
    points.forEach((pt, i) => {
      d.setFloat64(p + 16 * i, Array.isArray(pt) ? pt[0] : pt.x, true);
      d.setFloat64(p + 16 * i + 8, Array.isArray(pt) ? pt[1] : pt.y, true);
      if (ids) d.setUint32(ids + 4 * i, strokeIds[i], true);
    });
    return fn(p, ids, n);
  } finally {
    m.exports.free(p);
    if (ids) m.exports.free(ids);
  }
}

/** Adds Engine.stroke() and the stroke recognizer's template methods to Recognizer. */
export function installStrokes(Engine, Recognizer, Kind) {
  /** A stroke recognizer (a drawn shape), with the built-in shapes unless builtinTemplates is false. */
  Engine.prototype.stroke = function stroke(view = null, properties = {}, { builtinTemplates = true } = {}) {
    const r = this.recognizer(Kind.STROKE, view, properties);
    if (builtinTemplates) r.addBuiltinTemplates();
    return r;
  };
  Object.assign(Recognizer.prototype, {
    /** Adds the built-in shapes (check, circle, triangle, x, caret, v, zigzag, rectangle, ...). */
    addBuiltinTemplates() { this.engine._call("gk_stroke_add_builtin_templates", this.handle); },
    /** Adds a template named `name`, drawn in one stroke, or in several with `strokeIds` (one per point); returns its index. */
    addTemplate(name, points, strokeIds = null) {
      const m = this.engine.module, s = m._scratch, bytes = new TextEncoder().encode(name);
      if (bytes.length === 0 || bytes.length > 63) throw new RangeError("a template's name is 1 to 63 bytes");
      return withPoints(m, points, strokeIds, (p, ids, n) => {
        new Uint8Array(m._memory.buffer, s, bytes.length).set(bytes);
        if (ids) this.engine._call("gk_stroke_add_multistroke_template", this.handle, s, bytes.length, p, ids, n, s + 64);
        else this.engine._call("gk_stroke_add_template", this.handle, s, bytes.length, p, n, s + 64);
        return m._dv().getInt32(s + 64, true);
      });
    },
    /** The templates' names, by index (an action's strokeTemplate). */
    templateNames() {
      const m = this.engine.module, s = m._scratch;
      this.engine._call("gk_stroke_template_count", this.handle, s);
      const n = m._dv().getUint32(s, true), out = [];
      for (let i = 0; i < n; i++) {
        this.engine._call("gk_stroke_template_name", this.handle, i, s, 64, 0);
        out.push(m._string(s));
      }
      return out;
    },
    /** Matches points (and stroke ids) without touches: { index (-1: none), name, score }. */
    match(points, strokeIds = null) {
      const m = this.engine.module, s = m._scratch;
      return withPoints(m, points, strokeIds, (p, ids, n) => {
        if (ids) this.engine._call("gk_stroke_match_strokes", this.handle, p, ids, n, s, s + 8);
        else this.engine._call("gk_stroke_match", this.handle, p, n, s, s + 8);
        const d = m._dv(), index = d.getInt32(s, true);
        return { index, name: index >= 0 ? this.templateNames()[index] : null, score: d.getFloat64(s + 8, true) };
      });
    },
  });
}
