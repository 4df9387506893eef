/* Links libomnir.a statically (pkg-config --static) and makes a few calls: the static
 * library is complete and self-contained. Not part of the one-core packages. */
#include <stdio.h>

#include <omnir/omnir.h>

int main(void) {
    omnir_context *ctx = NULL;
    if (omnir_context_create(&ctx) != OMNIR_OK || ctx == NULL) return 1;
    bool allow = true;
    if (omnir_context_get_allow_unregistered_dialects(ctx, &allow) != OMNIR_OK) return 1;
    if (omnir_context_destroy(ctx) != OMNIR_OK) return 1;
    if (omnir_context_create(NULL) != OMNIR_ERROR_NULL_ARGUMENT) return 1;
    unsigned v = omnir_version();
    printf("static libomnir.a: omnir %u.%u.%u, ABI %u: ok\n", v / 10000, v / 100 % 100, v % 100,
           omnir_abi_version());
    return 0;
}
