# CTest check: debian/libgesturekit0.symbols lists exactly the library's exported ABI, as
# dpkg-gensymbols -c4 (what the Debian build runs) judges it. With -DDROP=<symbol>, the symbol is
# removed from a copy of the file first, to show that the guard fails the build when a function
# is added without updating the symbols file (the test is marked WILL_FAIL).
# VERSION is the package version to judge with (the project's). dpkg-gensymbols lowers any
# minimum version newer than the package's own to the package's, so the written file is read back:
# every function must keep at least the version of its node (GESTUREKIT_0.2 -> 0.2.0).
# Usage: cmake -DGENSYMBOLS=<dpkg-gensymbols> -DLIB=<.so> -DSYMBOLS=<file> -DVERSION=<x.y.z>
#              [-DDROP=name] [-DPACKAGE=<binary package>, default libgesturekit0] -DWORK=<dir> -P ...
if(NOT PACKAGE)
  set(PACKAGE libgesturekit0)
endif()
set(file ${SYMBOLS})
if(DROP)
  file(STRINGS ${SYMBOLS} lines)
  set(kept "")
  foreach(l IN LISTS lines)
    if(NOT l MATCHES " ${DROP}@")
      string(APPEND kept "${l}\n")
    endif()
  endforeach()
  set(file ${WORK}/symbols-${PACKAGE}-without-${DROP})
  file(WRITE ${file} "${kept}")
endif()
execute_process(COMMAND ${GENSYMBOLS} -c4 -p${PACKAGE} -v${VERSION} -e${LIB} -I${file} -O${WORK}/symbols.${PACKAGE}.${VERSION}${DROP}.generated
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-gensymbols -c4 failed (${rc}):\n${err}${out}")
endif()
file(STRINGS ${WORK}/symbols.${PACKAGE}.${VERSION}${DROP}.generated generated)
foreach(l IN LISTS generated)
  if(l MATCHES "^ (gk_[a-z_0-9]+)@GESTUREKIT_(PUMP_)?([0-9]+)\\.([0-9]+) ([0-9.]+)")
    if(CMAKE_MATCH_5 VERSION_LESS "${CMAKE_MATCH_3}.${CMAKE_MATCH_4}.0")
      message(FATAL_ERROR "dpkg-gensymbols gave ${CMAKE_MATCH_1} the minimum version ${CMAKE_MATCH_5}, older than "
                          "its node GESTUREKIT_${CMAKE_MATCH_2}${CMAKE_MATCH_3}.${CMAKE_MATCH_4}: the package version "
                          "${VERSION} is older than the newest node")
    endif()
  endif()
endforeach()
message(STATUS "symbols file ${file} matches ${LIB}")
