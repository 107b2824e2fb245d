// The header is the whole module (CGettext.h); a C target needs one source file.
#include "CGettext.h"
