# The WebAssembly build (issue 57, docs/WEB.md): the same Swift sources compiled as Embedded Swift for
# wasm32-unknown-none-wasm, linked by the Swift toolchain's wasm-ld against Debian's wasi-libc (libc
# and libm only), exporting exactly the C API of cmake/gesturekit.map. The result, with
# bindings/web/'s modules beside it, is build/web/: the folder a web page loads.
set(GESTUREKIT_WASI_SYSROOT "/usr" CACHE PATH "wasi-libc's prefix (include/wasm32-wasi, lib/wasm32-wasi)")
find_program(GESTUREKIT_SWIFTC_FOR_WEB swiftc REQUIRED)
# Node runs the WebAssembly build's tests (none without it).
find_program(GESTUREKIT_NODE NAMES node nodejs)
get_filename_component(web_swift_bin ${GESTUREKIT_SWIFTC_FOR_WEB} DIRECTORY)
find_program(GESTUREKIT_WASM_LD wasm-ld HINTS ${web_swift_bin} REQUIRED)
find_program(GESTUREKIT_WASM_CLANG clang HINTS ${web_swift_bin} NO_DEFAULT_PATH REQUIRED)
set(web_include ${GESTUREKIT_WASI_SYSROOT}/include/wasm32-wasi)
set(web_lib ${GESTUREKIT_WASI_SYSROOT}/lib/wasm32-wasi)
if(NOT EXISTS ${web_include}/math.h OR NOT EXISTS ${web_lib}/libc.a)
  message(FATAL_ERROR "GESTUREKIT_WEB: wasi-libc not found under ${GESTUREKIT_WASI_SYSROOT} (apt install wasi-libc), "
                      "or configure with -DGESTUREKIT_WEB=OFF")
endif()

# The exported functions: every gk_* name of the version script, so the two builds export the same API.
file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/gesturekit.map map_lines REGEX "^[ \t]+gk_[a-z0-9_]+;")
set(web_exports)
foreach(line IN LISTS map_lines)
  string(REGEX MATCH "gk_[a-z0-9_]+" name "${line}")
  list(APPEND web_exports --export=${name})
endforeach()

set(web_dir ${PROJECT_BINARY_DIR}/web)
set(web_obj ${web_dir}/gesturekit-core.o)
set(web_wasm ${web_dir}/gesturekit.wasm)
# -O as the native library (whose cold functions carry @_optimize(size)); no stack protector: the
# page has no canary to compare against, and wasm's own stack is out of a module's reach.
add_custom_command(OUTPUT ${web_obj}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${web_dir}
  COMMAND ${GESTUREKIT_SWIFTC_FOR_WEB} -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
          -wmo -parse-as-library -O -Xfrontend -function-sections -Xfrontend -disable-stack-protector
          -module-name GestureKit -I ${PROJECT_SOURCE_DIR}/Sources/CGestureKit
          -I ${PROJECT_SOURCE_DIR}/Sources/CGestureKitMath -Xcc -isystem -Xcc ${web_include}
          -c ${GESTUREKIT_SWIFT_SOURCES} -o ${web_obj}
  DEPENDS ${GESTUREKIT_SWIFT_SOURCES} VERBATIM)
# The callbacks' bridge (bindings/web/trampolines.c), which also checks the structures' wasm32 layout.
set(web_tramp ${web_dir}/trampolines.o)
add_custom_command(OUTPUT ${web_tramp}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${web_dir}
  COMMAND ${GESTUREKIT_WASM_CLANG} --target=wasm32-unknown-unknown -O2 -Wall -Werror -isystem ${web_include}
          -I ${PROJECT_SOURCE_DIR}/include -c ${PROJECT_SOURCE_DIR}/bindings/web/trampolines.c -o ${web_tramp}
  DEPENDS ${PROJECT_SOURCE_DIR}/bindings/web/trampolines.c ${PROJECT_SOURCE_DIR}/include/gesturekit.h VERBATIM)
# malloc and free are exported for the module's own buffers (the JS side lends the engine its
# frames and reads results through them); the table is exported and growable so that JS callbacks
# (targets, delegates) can be installed as function pointers.
add_custom_command(OUTPUT ${web_wasm}
  COMMAND ${GESTUREKIT_WASM_LD} --no-entry --gc-sections --strip-all --export-table --growable-table
          ${web_exports} --export=malloc --export=free
          ${web_obj} ${web_tramp} ${web_lib}/libc.a ${web_lib}/libm.a -o ${web_wasm}
  DEPENDS ${web_obj} ${web_tramp} ${PROJECT_SOURCE_DIR}/cmake/gesturekit.map VERBATIM)
# The package's other files, beside the wasm: the module, its TypeScript declarations, the README,
# package.json and the prepack check (build/web/ is then a folder `npm pack` takes as it is).
set(web_package_files gesturekit.js layouts.js names.js pointer_events.js settings.js strokes.js gesturekit.d.ts README.md
                      package.json prepack.mjs)
set(web_copies)
foreach(f IN LISTS web_package_files)
  add_custom_command(OUTPUT ${web_dir}/${f}
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/bindings/web/${f} ${web_dir}/${f}
    DEPENDS ${PROJECT_SOURCE_DIR}/bindings/web/${f} VERBATIM)
  list(APPEND web_copies ${web_dir}/${f})
endforeach()
add_custom_target(gesturekit_web ALL DEPENDS ${web_wasm} ${web_copies})
# The Debian package gesturekit-web (and an npm registry) takes the folder as it is installed.
install(FILES ${web_wasm} ${web_copies} DESTINATION ${CMAKE_INSTALL_DATADIR}/gesturekit/web COMPONENT web)
