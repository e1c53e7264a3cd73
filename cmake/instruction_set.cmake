# HFD_ARCH: the x86-64 instruction set everything is compiled for.
#   auto      x86-64-v3 when the machine building it has AVX2, FMA and BMI2, else baseline
#   x86-64-v3 AVX2, FMA, BMI2 (Intel Haswell, AMD Excavator and later)
#   baseline  the compiler's default, runs on any x86-64
# The step is mostly a * b + c: with FMA and AVX2 it takes 18-24 % fewer
# instructions (README, Speed). A x86-64-v3 build refuses to start, with a message,
# on a processor without them (engine/sim/cpu_support.cpp).
set(HFD_ARCH auto CACHE STRING "Instruction set: auto, x86-64-v3 or baseline")
set_property(CACHE HFD_ARCH PROPERTY STRINGS auto x86-64-v3 baseline)

set(HFD_ARCH_RESOLVED baseline)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  if(HFD_ARCH STREQUAL "auto")
    include(CheckCXXSourceRuns)
    set(CMAKE_REQUIRED_QUIET ON)
    check_cxx_source_runs([[
      int main() {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
               __builtin_cpu_supports("bmi2") ? 0 : 1;
      }]] HFD_HOST_HAS_X86_64_V3)
    unset(CMAKE_REQUIRED_QUIET)
    if(HFD_HOST_HAS_X86_64_V3)
      set(HFD_ARCH_RESOLVED x86-64-v3)
    endif()
  elseif(HFD_ARCH STREQUAL "x86-64-v3")
    set(HFD_ARCH_RESOLVED x86-64-v3)
  elseif(NOT HFD_ARCH STREQUAL "baseline")
    message(FATAL_ERROR "HFD_ARCH is '${HFD_ARCH}'; it takes auto, x86-64-v3 or baseline")
  endif()
elseif(HFD_ARCH STREQUAL "x86-64-v3")
  message(FATAL_ERROR "HFD_ARCH=x86-64-v3 needs an x86-64 target and GCC or Clang")
endif()

if(HFD_ARCH_RESOLVED STREQUAL "x86-64-v3")
  add_compile_options(-march=x86-64-v3)
  add_compile_definitions(HFD_REQUIRES_X86_64_V3)
endif()
message(STATUS "hfd instruction set: ${HFD_ARCH_RESOLVED} (HFD_ARCH=${HFD_ARCH})")
