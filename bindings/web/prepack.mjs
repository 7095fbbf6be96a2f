// npm runs this before `npm pack` and `npm publish`: a package without gesturekit.wasm would load
// nothing, so packing stops here with what to do instead.
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wasm = join(here, "gesturekit.wasm");
if (!existsSync(wasm) || statSync(wasm).size === 0) {
  console.error(`gesturekit-web: ${wasm} is missing, so the package would not work.
  Build it (cmake -S . -B build && cmake --build build) and pack the built folder:
    cd build/web && npm pack`);
  process.exit(1);
}
