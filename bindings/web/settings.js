// The engine's panel profile, input filters and accessibility audit for gesturekit.js (docs/INPUT.md,
// docs/ACCESSIBILITY.md): plain objects in and out, named as the Python binding names them.
import { LAYOUTS as L } from "./layouts.js";
import { refuseUnknown } from "./names.js";

const PROFILE = [["widthMm", "width_mm"], ["heightMm", "height_mm"], ["sampleRateHz", "sample_rate_hz"], ["noise", "noise"],
  ["maxContactRadius", "max_contact_radius"], ["edgeTop", "edge_top"], ["edgeLeft", "edge_left"],
  ["edgeBottom", "edge_bottom"], ["edgeRight", "edge_right"]];
const PROFILE_FLAGS = [["reportsPressure", "reports_pressure"], ["reportsSize", "reports_size"]];
const FILTER_FLAGS = [["noiseThresholds", 1], ["ghosts", 2], ["palms", 4], ["chatter", 8], ["edges", 16]];
const JITTER = ["off", "oneEuro", "hysteresis"];
const FILTER_NUMBERS = [["oneEuroMinCutoff", "one_euro_min_cutoff"], ["oneEuroBeta", "one_euro_beta"],
  ["ghostMinDuration", "ghost_min_duration"], ["ghostMaxSpeed", "ghost_max_speed"], ["stuckTimeout", "stuck_timeout"],
  ["chatterInterval", "chatter_interval"], ["chatterDistance", "chatter_distance"]];
const AUDIT_RULES = ["multipoint", "path-based", "target-size", "dragging", "pointer-cancellation", "screen-reader-command",
  "not-an-element", "empty-label"];

/** Adds the panel profile, the input filters and the audit to Engine. */
export function installSettings(Engine) {
  Object.assign(Engine.prototype, {
    /**
     * The panel profile (gk_panel_profile): { widthMm, heightMm, sampleRateHz, noise,
     * maxContactRadius, reportsPressure, reportsSize, edgeTop, edgeLeft, edgeBottom, edgeRight };
     * what is left out is "not known" (0). An unknown name is refused.
     */
    setPanelProfile(profile = {}) {
      refuseUnknown("a panel profile", profile, [...PROFILE, ...PROFILE_FLAGS].map(([n]) => n));
      const m = this.module, s = m._scratch, o = L.gk_panel_profile;
      m._check(m.exports.gk_panel_profile_init(s), "gk_panel_profile_init");
      const d = m._dv();
      for (const [name, field] of PROFILE) if (profile[name] !== undefined) d.setFloat64(s + o[field], profile[name], true);
      for (const [name, field] of PROFILE_FLAGS) if (profile[name] !== undefined) d.setUint32(s + o[field], profile[name] ? 1 : 0, true);
      this._call("gk_engine_set_panel_profile", s);
    },
    panelProfile() {
      const m = this.module, s = m._scratch, o = L.gk_panel_profile;
      this._call("gk_engine_get_panel_profile", s, o.size);
      const d = m._dv(), out = {};
      for (const [name, field] of PROFILE) out[name] = d.getFloat64(s + o[field], true);
      for (const [name, field] of PROFILE_FLAGS) out[name] = d.getUint32(s + o[field], true) !== 0;
      return out;
    },

    /**
     * The input filters (gk_input_filters), each off by default: { noiseThresholds, ghosts, palms,
     * chatter, edges (booleans), jitter ("off", "oneEuro" or "hysteresis"), oneEuroMinCutoff,
     * oneEuroBeta, ghostMinDuration, ghostMaxSpeed, stuckTimeout, chatterInterval, chatterDistance }.
     * An unknown name is refused. Switching the first filter on or the last off with a touch down
     * is BUSY.
     */
    setInputFilters(filters = {}) {
      refuseUnknown("the input filters", filters, [...FILTER_FLAGS.map(([n]) => n), "jitter", ...FILTER_NUMBERS.map(([n]) => n)]);
      const m = this.module, s = m._scratch, o = L.gk_input_filters;
      m._check(m.exports.gk_input_filters_init(s), "gk_input_filters_init");
      const d = m._dv();
      let flags = 0;
      for (const [name, bit] of FILTER_FLAGS) if (filters[name]) flags |= bit;
      d.setUint32(s + o.flags, flags, true);
      if (filters.jitter !== undefined) {
        const j = JITTER.indexOf(filters.jitter);
        if (j < 0) throw new RangeError(`setInputFilters: jitter "${filters.jitter}" is not one of ${JITTER.join(", ")}`);
        d.setUint32(s + o.jitter, j, true);
      }
      for (const [name, field] of FILTER_NUMBERS) if (filters[name] !== undefined) d.setFloat64(s + o[field], filters[name], true);
      this._call("gk_engine_set_input_filters", s);
    },
    inputFilters() {
      const m = this.module, s = m._scratch, o = L.gk_input_filters;
      this._call("gk_engine_get_input_filters", s, o.size);
      const d = m._dv(), flags = d.getUint32(s + o.flags, true), out = {};
      for (const [name, bit] of FILTER_FLAGS) out[name] = (flags & bit) !== 0;
      out.jitter = JITTER[d.getUint32(s + o.jitter, true)] ?? "unknown";
      for (const [name, field] of FILTER_NUMBERS) out[name] = d.getFloat64(s + o[field], true);
      return out;
    },

    /**
     * The accessibility audit (gk_engine_audit, docs/ACCESSIBILITY.md): [{ view, recognizer (null
     * for the screen reader's own commands and empty labels), rule (a name: "multipoint", ...,
     * "empty-label"), criterion ("WCAG 2.5.1", "EN 301 549 5.9", ...), suggestion (a sentence) }].
     */
    audit() {
      const m = this.module, s = m._scratch, o = L.gk_audit_finding;
      this._call("gk_engine_audit", 0, 0, o.size, s);
      const count = m._dv().getUint32(s, true);
      if (count === 0) return [];
      const buf = m.exports.malloc(count * o.size);
      try {
        this._call("gk_engine_audit", buf, count, o.size, s);
        const d = m._dv(), out = [];
        for (let i = 0; i < count; i++) {
          const p = buf + i * o.size, rule = d.getUint32(p + o.rule, true);
          const text = m._string(m.exports.gk_audit_rule_string(rule));
          const recognizer = d.getBigUint64(p + o.recognizer, true);
          out.push({ view: this.view(d.getBigUint64(p + o.view, true)),
            recognizer: recognizer === 0n ? null : this.recognizerFor(recognizer),
            rule: AUDIT_RULES[rule] ?? "unknown", criterion: text.includes("(") ? text.slice(text.indexOf("(") + 1, -1) : "",
            suggestion: m._string(m.exports.gk_audit_suggestion_string(d.getUint32(p + o.suggestion, true))) });
        }
        return out;
      } finally {
        m.exports.free(buf);
      }
    },
  });
}
