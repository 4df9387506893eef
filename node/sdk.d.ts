/** Where the omnir package keeps what a native build needs to link its libomnir.so.0. */
/** The directory holding `omnir/omnir.h` and the dialects' `omnir/dialects/<d>.h`. */
export const includeDir: string;
/** The directory holding `libomnir.so.0` and its link-time name `libomnir.so`. */
export const libDir: string;
/** The path of the package's `libomnir.so.0`. */
export const libraryPath: string;
/** The directory holding `omnir.pc` (`PKG_CONFIG_PATH`). */
export const pkgconfigDir: string;
/** The compiler flags. */
export const cflags: readonly string[];
/** The linker flags. */
export const libs: readonly string[];
