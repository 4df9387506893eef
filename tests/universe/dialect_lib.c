/* A tiny "dialect library", built on its own against the installed omnir header, as dialect
 * libraries are: its registration function does the ABI handshake first (omnir_check_abi(),
 * the header's static inline helper), then registers its dialect. ci/test-universe.sh builds
 * it twice: normally, and with -DOMNIR_ABI_VERSION=<ABI + 1> to play a library built against a newer
 * header than the loaded core. It links libomnir.so.0 (NEEDED) and defines no omnir_*. */
#include <string.h>

#include <omnir/omnir.h>

#define EXPORT __attribute__((visibility("default")))

/* The OMNIR_ABI_VERSION this library was compiled with. */
EXPORT uint32_t universe_dialect_header_abi(void) { return OMNIR_ABI_VERSION; }

/* Registers the "udemo" dialect into `ctx`; refuses (and registers nothing) when the loaded
 * core is not the one this library was built for. */
EXPORT omnir_status universe_dialect_register(omnir_context *ctx) {
    omnir_status st = omnir_check_abi();
    if (st != OMNIR_OK) return st;
    return omnir_dialect_register(ctx, "udemo", strlen("udemo"), true);
}
