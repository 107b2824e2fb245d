// The declarations in include/CDispatchMain.h are libdispatch's own functions; this file only makes the
// target a C module.
#include "CDispatchMain.h"
