#define _GNU_SOURCE
#include "CRuntime.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if !defined(_WIN32)
#include <dlfcn.h>
#endif

void lottie_runtime_trim_malloc(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

bool lottie_runtime_allocation_count(uint64_t *count) {
#if defined(_WIN32)
    (void)count;
    return false;
#else
    // RTLD_DEFAULT: every object loaded into the process, the preloaded counter first.
    uint64_t (*counter)(void) = (uint64_t (*)(void))dlsym(RTLD_DEFAULT, "lottie_alloc_count");
    if (counter == NULL) return false;
    *count = counter();
    return true;
#endif
}
