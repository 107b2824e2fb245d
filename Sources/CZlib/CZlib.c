// The header is the whole module (CZlib.h); a C target needs one source file.
#include "CZlib.h"
