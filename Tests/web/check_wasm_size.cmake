# CTest check: gesturekit.wasm (linked with --strip-all) stays within its budget of 300,000 bytes
# (issue 57, docs/WEB.md). Usage: cmake -DWASM=<path> -DBUDGET=<bytes> -P check_wasm_size.cmake
file(SIZE ${WASM} size)
if(size GREATER BUDGET)
  math(EXPR over "${size} - ${BUDGET}")
  message(FATAL_ERROR "gesturekit.wasm is ${size} bytes, ${over} over its budget of ${BUDGET}")
endif()
math(EXPR left "${BUDGET} - ${size}")
message(STATUS "gesturekit.wasm: ${size} bytes, budget ${BUDGET} (${left} bytes left)")
