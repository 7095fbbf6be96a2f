# CTest check: right after a build, building again does nothing (no relink of the Swift library,
# nothing that links it). It runs the build for real: a dry run stops at the re-check of the
# CONFIGURE_DEPENDS globs, which ninja cannot judge without running it. When the tree is already
# up to date (scripts/test.sh builds just before the tests), that changes nothing.
# Usage: cmake -DMAKE_PROGRAM=<ninja> -DBUILD=<dir> -P check_noop_build.cmake
execute_process(COMMAND ${MAKE_PROGRAM} -C ${BUILD} -d explain
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${MAKE_PROGRAM} failed (${rc}):\n${out}${err}")
endif()
if(NOT out MATCHES "no work to do")
  message(FATAL_ERROR "A build with nothing changed did work (run the tests right after building; if "
                      "you did, this is the bug):\n${out}${err}")
endif()
message(STATUS "a second build had no work to do")
