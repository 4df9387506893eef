/* The installed header, plus what Swift cannot import from it directly. */
#ifndef OMNIR_SWIFT_SHIM_H
#define OMNIR_SWIFT_SHIM_H

#include <omnir/omnir.h>

/* OMNIR_DYNAMIC is INT64_MIN, a macro expression the Swift importer does not evaluate. */
static const int64_t omnir_swift_dynamic = OMNIR_DYNAMIC;

/* The C ABI version of the header this package was compiled against (compared with the
 * loaded core's omnir_abi_version() before the first context is made). */
static inline uint32_t omnir_swift_header_abi_version(void) { return OMNIR_ABI_VERSION; }

#endif
