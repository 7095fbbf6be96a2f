// The WebAssembly build's cost per touch event under Node, on the standard workload and scene of
// bench/bench.c (4×4 cells, five recognizers each), in two ways:
//   raw  — frames packed once into the module's memory, gk_engine_feed and the polls called
//          straight on the exports: the engine's own cost in WebAssembly (what bench.c measures natively);
//   js   — through gesturekit.js: Engine.feed with touch objects, actions() and deliveries() as objects,
//          what a page pays per event.
// Each is run RUNS times (default 5) and the median printed; bench/web_run.sh runs the native bench
// beside it, for the ratio.
//
// Usage: node web_bench.mjs WEB_DIR WORKLOAD [RUNS]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { loadWorkload, benchScene } from "./web_workload.mjs";

const [webDir, workloadPath, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const gk = await import(pathToFileURL(join(webDir, "gesturekit.js")).href);
const module = await gk.load(readFileSync(join(webDir, "gesturekit.wasm")));
const x = module.exports;

const { frames, events } = loadWorkload(gk, workloadPath);
const scene = () => benchScene(gk, module);

// raw: every frame's gk_touch array written once into module memory (56 bytes a touch).
const base = x.malloc(56 * events + 16);
const out = x.malloc(256);
{
  const d = new DataView(module._memory.buffer);
  let p = base;
  for (const f of frames) {
    f.ptr = p;
    for (const t of f.touches) {
      d.setBigInt64(p, BigInt(t.id), true); d.setUint32(p + 8, t.phase, true); d.setUint32(p + 12, 0, true);
      d.setFloat64(p + 16, t.x, true); d.setFloat64(p + 24, t.y, true);
      for (let o = 32; o < 56; o += 8) d.setFloat64(p + o, 0, true);
      p += 56;
    }
  }
}

function runRaw() {
  const engine = scene();
  const e = engine.ptr;
  const dv = () => new DataView(module._memory.buffer);
  let actions = 0;
  const t0 = performance.now();
  for (const f of frames) {
    x.gk_engine_next_deadline(e, out);
    const deadline = dv().getFloat64(out, true);
    if (deadline <= f.t) x.gk_engine_advance(e, f.t);
    x.gk_engine_feed(e, f.t, f.ptr, f.touches.length);
    while (x.gk_engine_poll_action(e, out, 176) === 0) actions++;
    while (x.gk_engine_poll_delivery(e, out, 112) === 0) {}
  }
  const ms = performance.now() - t0;
  engine.close();
  return { ms, actions };
}

function runJs() {
  const engine = scene();
  let actions = 0;
  const t0 = performance.now();
  for (const f of frames) {
    const deadline = engine.nextDeadline();
    if (deadline !== null && deadline <= f.t) engine.advance(f.t);
    engine.feed(f.t, f.touches);
    actions += engine.actions().length;
    engine.deliveries();
  }
  const ms = performance.now() - t0;
  engine.close();
  return { ms, actions };
}

const median = (a) => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)];
runRaw(); runJs();   // warm-up: the JIT and the memory's growth
const raw = [], js = [];
let actions = 0;
for (let i = 0; i < runs; i++) {
  raw.push(runRaw().ms);
  const r = runJs();
  js.push(r.ms);
  actions = r.actions;
}
console.log(`workload: ${workloadPath}: ${events} touch events, ${frames.length} frames, ${actions} actions; node ${process.version}`);
console.log(`wasm raw ns per touch event: ${(median(raw) * 1e6 / events).toFixed(1)} (median of ${runs})`);
console.log(`wasm through gesturekit.js ns per touch event: ${(median(js) * 1e6 / events).toFixed(1)} (median of ${runs})`);
