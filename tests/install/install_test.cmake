# CTest test install_consumer: cmake -DBUILD_DIR=.. -DSOURCE_DIR=.. -DWORK_DIR=..
#   -DCXX_COMPILER=.. -DVERSION=.. [-DBUILD_TYPE=..] [-DCXX_FLAGS=..] [-DLINKER_FLAGS=..] -P install_test.cmake
# Installs the build into WORK_DIR/prefix, checks the layout and `hfd --version`,
# then configures, builds and runs tests/install/consumer against that prefix.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE failed OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(failed)
    message(FATAL_ERROR "failed (${failed}): ${ARGN}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

foreach(file bin/hfd include/hfd/sim/simulation.h include/hfd/run/run_setup.h include/hfd/version.h
    share/hfd/samples/pendulum.hfd lib/cmake/hfd/hfdConfig.cmake lib/cmake/hfd/hfdConfigVersion.cmake)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()
run(${prefix}/bin/hfd --version)
if(NOT out MATCHES "^hfd ${VERSION}")
  message(FATAL_ERROR "installed hfd --version printed '${out}', expected hfd ${VERSION}")
endif()

if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()
set(options -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/consumer ${options})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer --parallel 2)
run(${WORK_DIR}/consumer/consumer)
message(STATUS "${out}")
file(REMOVE_RECURSE ${WORK_DIR})
