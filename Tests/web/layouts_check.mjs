// bindings/web/layouts.js against gesturekit.h for wasm32 (issue 67, item 6): each size and offset
// becomes a static assertion in a C file that the WebAssembly build's clang compiles for
// wasm32-unknown-unknown. A header change the table does not follow fails here, naming the field.
//
// Usage: node layouts_check.mjs CLANG INCLUDE_DIR WASI_INCLUDE_DIR OUT.c
import { writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [clang, include, wasiInclude, out] = process.argv.slice(2);
const web = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "bindings", "web");
const { LAYOUTS } = await import(pathToFileURL(join(web, "layouts.js")).href);
const lines = ["#include <stddef.h>", "#include <gesturekit.h>"];
let count = 0;
for (const [struct, fields] of Object.entries(LAYOUTS)) {
  for (const [field, value] of Object.entries(fields)) {
    // "size" is the structure's size (a structure's own size_t field named size is at 0).
    const expr = field === "size" ? `sizeof(${struct})` : `offsetof(${struct}, ${field})`;
    lines.push(`_Static_assert(${expr} == ${value}, "layouts.js: ${struct}.${field} is not ${value} on wasm32");`);
    count++;
  }
}
writeFileSync(out, lines.join("\n") + "\n");
const r = spawnSync(clang, ["--target=wasm32-unknown-unknown", "-fsyntax-only", "-isystem", wasiInclude, "-I", include, out],
                    { encoding: "utf8" });
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
if (r.status !== 0) process.exit(1);
console.log(`layouts: ${Object.keys(LAYOUTS).length} structures, ${count} sizes and offsets, as gesturekit.h has them on wasm32`);
