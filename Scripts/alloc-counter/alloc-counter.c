// Counts the heap allocations of a process, for `lottie-cli bench` (Scripts/alloc-table.sh):
// preloaded (LD_PRELOAD), it counts every call of malloc, calloc, realloc and the aligned
// allocators, and forwards each to glibc. `lottie_alloc_count()` reads the count; bench finds it
// with dlsym and reports the allocations a frame of steady playback makes.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t count;

uint64_t lottie_alloc_count(void) { return count; }

void *malloc(size_t size) { count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count++; return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count++; return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
