// The header is the whole module (CMalloc.h); a C target needs one source file.
#include "CMalloc.h"
