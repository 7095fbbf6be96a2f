# CTest check: the stripped library stays within its size budget (issue 14: 250 KB, x86-64).
# Strips a copy (`strip --strip-unneeded`, as the packages and bench/run.sh measure it) and fails
# when it is larger than BUDGET bytes. The file grows in 4 KB steps (-z separate-code), so the
# message also says how much code is left before the next step.
# Usage: cmake -DLIB=<path to .so> -DSTRIP=<strip> -DBUDGET=<bytes> -DOUT=<scratch path> -P check_size.cmake
foreach(v LIB STRIP BUDGET OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "check_size.cmake: -D${v}=... is required")
  endif()
endforeach()
execute_process(COMMAND ${STRIP} --strip-unneeded -o ${OUT} ${LIB} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "strip failed on ${LIB}")
endif()
file(SIZE ${OUT} size)
file(REMOVE ${OUT})
if(size GREATER BUDGET)
  math(EXPR over "${size} - ${BUDGET}")
  message(FATAL_ERROR "the stripped library is ${size} bytes, ${over} over its budget of ${BUDGET}"
                      " (docs/PERFORMANCE.md says what the size is made of and what was tried)")
endif()
math(EXPR left "${BUDGET} - ${size}")
message(STATUS "stripped library: ${size} bytes, budget ${BUDGET} (${left} bytes left)")
