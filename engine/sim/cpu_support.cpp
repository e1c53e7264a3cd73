// A build for x86-64-v3 (cmake/instruction_set.cmake) runs AVX2 and FMA
// instructions from its first static initializer on: on a processor without them
// it would die of SIGILL with no word of why. This check runs before those
// initializers (constructor priority 101 precedes the unprioritized ones in the
// program's .init_array) and is compiled for plain x86-64 itself. Every program
// linking the engine pulls it in (engine/CMakeLists.txt: -u hfd_cpu_support_check).
#include <cstdio>
#include <cstdlib>

#if defined(HFD_REQUIRES_X86_64_V3) && defined(__x86_64__)
extern "C" __attribute__((constructor(101), target("arch=x86-64"))) void hfd_cpu_support_check() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2")) return;
    std::fputs(
        "hfd: this build uses x86-64-v3 instructions (AVX2, FMA, BMI2), which this processor lacks; "
        "rebuild with cmake -DHFD_ARCH=baseline\n",
        stderr);
    std::_Exit(1);
}
#else
extern "C" void hfd_cpu_support_check() {}
#endif
