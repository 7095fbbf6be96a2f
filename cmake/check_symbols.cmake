# CTest check: debian/libgesturekit0.symbols lists exactly the library's exported ABI, as
# dpkg-gensymbols -c4 (what the Debian build runs) judges it. With -DDROP=<symbol>, the symbol is
# removed from a copy of the file first, to show that the guard fails the build when a function
# is added without updating the symbols file (the test is marked WILL_FAIL).
# Usage: cmake -DGENSYMBOLS=<dpkg-gensymbols> -DLIB=<.so> -DSYMBOLS=<file> [-DDROP=name] -DWORK=<dir> -P ...
set(file ${SYMBOLS})
if(DROP)
  file(STRINGS ${SYMBOLS} lines)
  set(kept "")
  foreach(l IN LISTS lines)
    if(NOT l MATCHES " ${DROP}@")
      string(APPEND kept "${l}\n")
    endif()
  endforeach()
  set(file ${WORK}/symbols-without-${DROP})
  file(WRITE ${file} "${kept}")
endif()
execute_process(COMMAND ${GENSYMBOLS} -c4 -plibgesturekit0 -v0.1.0 -e${LIB} -I${file} -O${WORK}/symbols.generated
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-gensymbols -c4 failed (${rc}):\n${err}${out}")
endif()
message(STATUS "symbols file ${file} matches ${LIB}")
