#if canImport(Glibc)
import Glibc
#endif

/// Linux's `SCHED_BATCH` policy (sched(7)) for weatherd's background work: a thread under it does not
/// preempt the running thread when it wakes, and is not preempted by a thread that wakes while it runs
/// (on this kernel's scheduler); each waits for the other to block or to use up its slice. Nobody waits
/// for a tick or a bar's update to the millisecond. Threads created afterwards inherit the policy.
enum BatchScheduling {
    /// `SCHED_BATCH` (<sched.h> defines it only under _GNU_SOURCE, which Glibc's module map does not set).
    private static let policy: Int32 = 3

    /// Puts the calling thread under `SCHED_BATCH`. A refusal (the unit's system call filter: the unit sets
    /// the policy itself with `CPUSchedulingPolicy=batch`) changes nothing else.
    static func apply() {
        var parameters = sched_param()
        _ = sched_setscheduler(0, policy, &parameters)
    }
}
