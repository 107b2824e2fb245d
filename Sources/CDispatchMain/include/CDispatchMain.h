#ifndef WEATHERD_CDISPATCHMAIN_H
#define WEATHERD_CDISPATCHMAIN_H

// libdispatch's hooks for a run loop that drains the main queue on the main thread, the way
// CoreFoundation's run loop does on Linux. Exported by libdispatch.so and libdispatch.a; not in its
// public headers, so declared here.

/// An eventfd that becomes readable when the main queue has work (a dispatch_runloop_handle_t: an int
/// on Linux). The main queue belongs to the main thread unless dispatch_main() hands it to libdispatch's
/// workers, which weatherd never calls.
int _dispatch_get_main_queue_handle_4CF(void);

/// Runs what the main queue holds, on the calling thread (the main thread).
void _dispatch_main_queue_callback_4CF(void *msg);

#endif
