#ifndef WEATHERD_CMALLOC_H
#define WEATHERD_CMALLOC_H

// glibc's malloc tuning (mallopt), which Swift's Glibc module does not export. `status --follow` is its
// one user.
#include <malloc.h>

#endif
