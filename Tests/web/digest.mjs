// The benchmark's output digest (bench/bench.c, --digest) computed through the WebAssembly build
// and gesturekit.js under Node: the same scene (4×4 cells of 800×480, each with a tap, a long press,
// a pan, a pinch and a swipe), the same workload file, the same drain order and the same FNV-1a hash
// over the same fields. The native library and the WebAssembly build must print the same line.
//
// Usage: node digest.mjs WEB_DIR WORKLOAD
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadWorkload, benchScene } from "../../bench/web_workload.mjs";

const [webDir, workloadPath] = process.argv.slice(2);
if (!webDir || !workloadPath) {
  console.error("usage: node digest.mjs WEB_DIR WORKLOAD");
  process.exit(2);
}
const gk = await import(pathToFileURL(join(webDir, "gesturekit.js")).href);
const module = await gk.load(readFileSync(join(webDir, "gesturekit.wasm")));

const { frames } = loadWorkload(gk, workloadPath);
const engine = benchScene(gk, module, { logTransitions: true });

// FNV-1a over each field's bytes, in bench.c's order and sizes (little-endian, as on x86-64).
const PRIME = 1099511628211n, MASK = (1n << 64n) - 1n;
let h = 14695981039346656037n;
const buf = new DataView(new ArrayBuffer(8));
const bytes = new Uint8Array(buf.buffer);
function mix(n) { for (let i = 0; i < n; i++) h = ((h ^ BigInt(bytes[i])) * PRIME) & MASK; }
const u64 = (v) => { buf.setBigUint64(0, BigInt.asUintN(64, BigInt(v)), true); mix(8); };
const i64 = (v) => { buf.setBigInt64(0, BigInt(v), true); mix(8); };
const f64 = (v) => { buf.setFloat64(0, v, true); mix(8); };
const u32 = (v) => { buf.setUint32(0, v >>> 0, true); mix(4); };
const i32 = (v) => { buf.setInt32(0, v, true); mix(4); };
const slot = (handle) => handle & 0xFFFFFFn;
let entries = 0;

function drain() {
  for (const a of engine.actions()) {
    u64(a.sequence); f64(a.timestamp); u64(slot(a.recognizer)); u64(slot(a.view)); u32(a.kind); u32(a.state);
    f64(a.location.x); f64(a.location.y); u32(a.numberOfTouches); u32(a.swipeDirection);
    f64(a.translation.x); f64(a.translation.y); f64(a.velocity.x); f64(a.velocity.y);
    f64(a.scale); f64(a.rotation); f64(a.scalarVelocity); u32(a.buttonMask); u32(a.modifierFlags);
    i32(a.strokeTemplate); f64(a.strokeScore);
    entries++;
  }
  for (const d of engine.deliveries()) {
    u64(d.sequence); f64(d.timestamp); u64(slot(d.view)); i64(d.touchId); u32(d.phase); u32(d.touchType);
    f64(d.location.x); f64(d.location.y); f64(d.windowLocation.x); f64(d.windowLocation.y);
    f64(d.touchTimestamp); f64(d.force); f64(d.majorRadius); u32(d.buttons); u32(d.modifiers);
    entries++;
  }
  for (const t of engine.transitions()) {
    u64(t.sequence); f64(t.timestamp); u64(slot(t.recognizer)); u32(t.from); u32(t.to);
    entries++;
  }
}

for (const f of frames) {
  const deadline = engine.nextDeadline();
  if (deadline !== null && deadline <= f.t) engine.advance(f.t);
  drain();
  engine.feed(f.t, f.touches);
  drain();
}
const st = engine.stats();
engine.close();
const dropped = st.droppedActions + st.droppedDeliveries + st.droppedTransitions;
console.log(`digest: ${h.toString(16).padStart(16, "0")} over ${entries} entries (dropped ${dropped})`);
