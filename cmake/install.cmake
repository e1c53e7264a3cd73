# Install rules, the CMake package hfd (hfd::engine) and CPack (TGZ, DEB).
# docs/install.md describes the layout:
#   bin/                 hfd, hfd-studio, hfd-bench
#   lib/                 libhfd_engine.a (.so with HFD_SHARED_ENGINE), cmake/hfd/
#   include/hfd/         the public engine headers in their folders, version.h (as "hfd/version.h")
#   share/hfd/           samples/, docs/
#   share/applications, share/icons/hicolor/scalable/apps, share/mime/packages: the studio's desktop entry
#   <HFD_PYTHON_INSTALL_DIR>/hfd   the Python module (python/CMakeLists.txt)
include(CMakePackageConfigHelpers)
include(cmake/public_headers.cmake)

set(HFD_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hfd)

foreach(program hfd hfd-studio hfd-bench)
  if(TARGET ${program})
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

install(TARGETS hfd_engine EXPORT hfdTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
hfd_public_headers(HFD_PUBLIC_HEADERS)
foreach(header IN LISTS HFD_PUBLIC_HEADERS)
  get_filename_component(folder ${header} DIRECTORY)
  install(FILES ${CMAKE_SOURCE_DIR}/engine/${header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hfd/${folder})
endforeach()
# "hfd/version.h", from <prefix>/include (also on hfd::engine's include path)
install(FILES ${HFD_GENERATED_DIR}/hfd/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hfd)

install(EXPORT hfdTargets NAMESPACE hfd:: FILE hfdTargets.cmake DESTINATION ${HFD_CMAKE_INSTALL_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/hfdConfig.cmake.in ${CMAKE_BINARY_DIR}/hfdConfig.cmake
  INSTALL_DESTINATION ${HFD_CMAKE_INSTALL_DIR} PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/hfdConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/hfdConfig.cmake ${CMAKE_BINARY_DIR}/hfdConfigVersion.cmake
  DESTINATION ${HFD_CMAKE_INSTALL_DIR})

install(DIRECTORY ${CMAKE_SOURCE_DIR}/samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/hfd/samples)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/hfd/docs)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/hfd)

if(TARGET hfd-studio)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/hfd-studio.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/hfd-studio.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/hfd-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
    RENAME hfd.xml)
endif()

# cpack -G DEB / cpack -G TGZ in the build folder (docs/install.md)
set(CPACK_PACKAGE_NAME hfd)
set(CPACK_PACKAGE_VENDOR "hfd")
set(CPACK_PACKAGE_CONTACT "hfd maintainers <hfd@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "musculoskeletal simulation engine, studio and tools for .hfd models")
set(CPACK_PACKAGE_DESCRIPTION "Force-based musculoskeletal simulation of .hfd models (bodies, joints, contacts, \
Hill-type muscles, joint motors): the command-line tool hfd, the Qt studio hfd-studio, the benchmarks \
hfd-bench, the engine library with its headers and CMake package, and the Python module hfd.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/")
set(CPACK_RESOURCE_FILE_README ${CMAKE_SOURCE_DIR}/README.md)
set(CPACK_GENERATOR TGZ)
set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends: from dpkg-shlibdeps (Debian dpkg-dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# the headers and the CMake package need these to build a program against the engine
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libeigen3-dev, libpugixml-dev, liblua5.4-dev, python3-numpy")
# the .deb installs under /usr (its default prefix), the .tar.gz relative to any
set(CPACK_SOURCE_IGNORE_FILES "/build/;/\\\\.git/")
include(CPack)
