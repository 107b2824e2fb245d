/*
 * bench/vg-sigsuspend.c — an LD_PRELOAD shim used only by bench/profile.py.
 *
 * valgrind 3.19 (Debian 12) writes into the signal mask passed to
 * rt_sigsuspend. libdispatch's _dispatch_sigsuspend() passes a `static const`
 * mask that lives in read-only memory, so every Swift program whose main
 * thread ends in dispatch_main() (an async main) kills valgrind with an
 * internal SIGSEGV. This sigsuspend() hands the kernel a writable copy of the
 * mask instead; the behaviour is otherwise the same.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (size_t)(_NSIG / 8));
}
