# The one version of the project is project(hfd VERSION ...) in the top-level
# CMakeLists.txt. This writes it, with the git revision of the checkout (git
# describe at configure time; "unknown" without git or outside a checkout), to
# <build>/generated/hfd/version.h, included as "hfd/version.h" by the targets
# that link hfd_version (installed as <prefix>/include/hfd/version.h, on the
# include path of the installed hfd::engine), and to the Python package's
# <build>/python/hfd/_version.py.
set(HFD_GIT_REVISION "unknown")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS ${CMAKE_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} describe --always --dirty --tags
    OUTPUT_VARIABLE describe OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND describe)
    set(HFD_GIT_REVISION ${describe})
  endif()
endif()
set(HFD_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
configure_file(${CMAKE_SOURCE_DIR}/cmake/version.h.in ${HFD_GENERATED_DIR}/hfd/version.h @ONLY)
configure_file(${CMAKE_SOURCE_DIR}/cmake/_version.py.in ${CMAKE_BINARY_DIR}/python/hfd/_version.py @ONLY)
add_library(hfd_version INTERFACE)
target_include_directories(hfd_version INTERFACE $<BUILD_INTERFACE:${HFD_GENERATED_DIR}>)
message(STATUS "hfd ${PROJECT_VERSION} (git ${HFD_GIT_REVISION})")
