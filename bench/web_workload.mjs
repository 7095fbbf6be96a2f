// The standard workload and bench/bench.c's scene for the WebAssembly build under Node, shared by
// Tests/web/digest.mjs (the output digest) and bench/web_bench.mjs (the cost per event).
import { readFileSync } from "node:fs";

/**
 * The workload file's frames, [{ t, touches: [{ id, phase, type, x, y }] }]: "time_ms finger phase
 * x y" lines, one frame per time. Each sequence reuses fingers 0 and 1, so every touch gets a fresh
 * id at its touch-down, as bench.c's load() gives them. Also the number of touch events.
 */
export function loadWorkload(gk, path) {
  const frames = [];
  const ids = [0, 0];
  let nextId = 1, events = 0;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("#")) continue;
    const f = line.trim().split(/\s+/);
    if (f.length < 5) continue;
    const finger = Number(f[1]);
    if (!(finger === 0 || finger === 1)) continue;
    const t = Number(f[0]) / 1000;
    if (!frames.length || frames[frames.length - 1].t !== t) frames.push({ t, touches: [] });
    let phase = gk.Phase.MOVED;
    if (f[2][0] === "d") { ids[finger] = nextId++; phase = gk.Phase.BEGAN; } else if (f[2][0] === "u") phase = gk.Phase.ENDED;
    frames[frames.length - 1].touches.push({ id: ids[finger], phase, type: gk.TouchType.DIRECT, x: Number(f[3]), y: Number(f[4]) });
    events++;
  }
  return { frames, events };
}

/** bench.c's scene: an 800×480 window of 4×4 cells, each with a tap, a long press, a pan, a pinch and a swipe. */
export function benchScene(gk, module, { logTransitions = false } = {}) {
  const engine = module.engine({ width: 800, height: 480, maxTouches: 64, logTransitions });
  const kinds = [gk.Kind.TAP, gk.Kind.LONG_PRESS, gk.Kind.PAN, gk.Kind.PINCH, gk.Kind.SWIPE];
  const pw = 800 / 4, ph = 480 / 4;
  for (let i = 0; i < 16; i++) {
    const v = engine.root.addView([(i % 4) * pw + 4, Math.floor(i / 4) * ph + 4, pw - 8, ph - 8]);
    v.multipleTouchEnabled = true;
    for (const k of kinds) engine.recognizer(k, v);
  }
  return engine;
}
