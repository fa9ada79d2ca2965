// What lottie-cli asks of the C runtime that Swift's Glibc module does not export: glibc's
// malloc_trim, and the allocation counter of Scripts/alloc-counter when it is preloaded
// (LD_PRELOAD). Found by name at run time here, in C, so that no Swift code casts a pointer to a
// function.
#ifndef LOTTIE_C_RUNTIME_H
#define LOTTIE_C_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>

/// Returns the memory malloc holds but does not use to the system (glibc's `malloc_trim(0)`);
/// does nothing elsewhere.
void lottie_runtime_trim_malloc(void);

/// Writes the allocations the preloaded counter has counted to `count` and returns true; returns
/// false when the counter is not preloaded (or the platform cannot look it up).
bool lottie_runtime_allocation_count(uint64_t *count);

#endif
