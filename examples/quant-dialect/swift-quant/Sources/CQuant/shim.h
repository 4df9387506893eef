/* The installed quant dialect header (it includes <omnir/omnir.h>: found through omnir.pc). */
#ifndef QUANT_SWIFT_SHIM_H
#define QUANT_SWIFT_SHIM_H

#include <quant/quant.h>

#endif
