#ifndef WEATHERD_CZLIB_H
#define WEATHERD_CZLIB_H

// zlib (libz.so.1, which AsyncHTTPClient's decompression links already), for MET Norway's answer: its
// client inflates only as much of the gzip body as a fetch reads.
#include <zlib.h>

#endif
