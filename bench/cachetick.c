/*
 * bench/cachetick.c — a weatherd tick that fetches nothing (a "cache tick"), in plain C.
 *
 * The yardstick of the cache-tick budget (bench/README.md, "Cache tick budgets"): weatherd's CPU per
 * cache tick at most 2 times this program's, measured in the same window at the same 10 s pace. Each
 * iteration does the work of such a tick and nothing else, with the bytes of a real one:
 *
 *   * one journal entry: sd_journal_sendv() of the fields in --journal-from (one FIELD=value a line,
 *     as a real cache-tick entry of weatherd has them: `journalctl -o json` without the fields journald
 *     adds itself);
 *   * sd_notify() of the STATUS= line in --status-from (the file holds the text after STATUS=), when
 *     NOTIFY_SOCKET is set;
 *   * the state file replaced on tmpfs without fsync: open a temporary file in --dir, write the bytes of
 *     --state-from, close, rename over state.json.
 *
 * Options:
 *   --journal-from FILE   the entry's fields (required)
 *   --state-from FILE     the state file's bytes (required)
 *   --status-from FILE    the STATUS= text (optional: no sd_notify without it)
 *   --dir DIR             where state.json goes (required; tmpfs)
 *   --n N                 iterations (default 60); SIGTERM or SIGINT ends the run early (after the
 *                         iteration under way), reported over the iterations done
 *   --interval-us US      sleep to the absolute deadline start + k*US before iteration k (default 10 s)
 *
 * Prints one JSON object on stdout: CPU (getrusage RUSAGE_SELF, user + system) and context switches
 * (voluntary + involuntary) per iteration, and the sizes it used. Single-threaded: it creates no thread.
 *
 * Left as it is once the cache-tick budget was set: the yardstick does not move with the daemon.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

static volatile sig_atomic_t stopping = 0;

static void on_stop(int signal_number) {
    (void)signal_number;
    stopping = 1;
}

static void die(const char *what) {
    fprintf(stderr, "cachetick: %s: %s\n", what, strerror(errno));
    exit(1);
}

static char *slurp(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) die(path);
    size_t cap = 4096, have = 0;
    char *buf = malloc(cap + 1);
    if (!buf) die("malloc");
    size_t n;
    while ((n = fread(buf + have, 1, cap - have, f)) > 0) {
        have += n;
        if (have == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            if (!buf) die("realloc");
        }
    }
    fclose(f);
    buf[have] = 0;
    *length = have;
    return buf;
}

static void usage_cpu(long long *cpu_us, long long *switches) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    *cpu_us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL + ru.ru_utime.tv_usec +
              ru.ru_stime.tv_usec;
    *switches = (long long)ru.ru_nvcsw + ru.ru_nivcsw;
}

int main(int argc, char **argv) {
    const char *journal_from = NULL, *state_from = NULL, *status_from = NULL, *dir = NULL;
    long n = 60, interval_us = 10000000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "cachetick: %s needs a value\n", a);
            return 2;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--journal-from")) journal_from = v;
        else if (!strcmp(a, "--state-from")) state_from = v;
        else if (!strcmp(a, "--status-from")) status_from = v;
        else if (!strcmp(a, "--dir")) dir = v;
        else if (!strcmp(a, "--n")) n = atol(v);
        else if (!strcmp(a, "--interval-us")) interval_us = atol(v);
        else {
            fprintf(stderr, "cachetick: unknown option %s\n", a);
            return 2;
        }
    }
    if (!journal_from || !state_from || !dir || n <= 0) {
        fprintf(stderr, "usage: cachetick --journal-from FILE --state-from FILE [--status-from FILE] --dir DIR "
                        "[--n N] [--interval-us US]\n");
        return 2;
    }

    /* The journal entry: one iovec per line (FIELD=value). */
    size_t journal_length;
    char *journal = slurp(journal_from, &journal_length);
    struct iovec iov[256];
    int fields = 0;
    size_t journal_payload = 0;
    for (char *line = journal; *line && fields < 256;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > 0 && memchr(line, '=', len)) {
            iov[fields].iov_base = line;
            iov[fields].iov_len = len;
            journal_payload += len;
            fields++;
        }
        if (!end) break;
        line = end + 1;
    }
    if (fields == 0) {
        fprintf(stderr, "cachetick: no FIELD=value line in %s\n", journal_from);
        return 2;
    }

    size_t state_length;
    char *state = slurp(state_from, &state_length);
    char *status = NULL;
    if (status_from) {
        size_t status_length;
        char *text = slurp(status_from, &status_length);
        while (status_length && text[status_length - 1] == '\n') text[--status_length] = 0;
        if (asprintf(&status, "STATUS=%s", text) < 0) die("asprintf");
        free(text);
    }
    char path[4096], tmp[4096];
    snprintf(path, sizeof path, "%s/state.json", dir);
    snprintf(tmp, sizeof tmp, "%s/.state.json.tmp", dir);

    struct sigaction stop = {.sa_handler = on_stop};
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGINT, &stop, NULL);
    long done = 0;
    long long cpu0, switches0, cpu1, switches1;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    usage_cpu(&cpu0, &switches0);
    for (long k = 0; k < n && !stopping; k++) {
        if (interval_us > 0) {
            long long deadline = (long long)start.tv_sec * 1000000000LL + start.tv_nsec + (k + 1) * interval_us * 1000LL;
            struct timespec ts = {.tv_sec = deadline / 1000000000LL, .tv_nsec = deadline % 1000000000LL};
            while (!stopping && clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
            }
            if (stopping) break;
        }
        int r = sd_journal_sendv(iov, fields);
        if (r < 0) {
            errno = -r;
            die("sd_journal_sendv");
        }
        if (status) sd_notify(0, status);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (fd < 0) die("open");
        for (size_t off = 0; off < state_length;) {
            ssize_t w = write(fd, state + off, state_length - off);
            if (w < 0) {
                if (errno == EINTR) continue;
                die("write");
            }
            off += (size_t)w;
        }
        if (close(fd) != 0) die("close");
        if (rename(tmp, path) != 0) die("rename");
        done++;
    }
    usage_cpu(&cpu1, &switches1);
    unlink(path);
    printf("{\"n\":%ld,\"interval_us\":%ld,\"journal_fields\":%d,\"journal_payload_bytes\":%zu,"
           "\"state_bytes\":%zu,\"notify\":%d,\"cpu_us_total\":%lld,\"cpu_us_per_iter\":%.2f,"
           "\"context_switches_per_iter\":%.3f}\n",
           done, interval_us, fields, journal_payload, state_length, status != NULL, cpu1 - cpu0,
           done ? (double)(cpu1 - cpu0) / done : 0.0, done ? (double)(switches1 - switches0) / done : 0.0);
    return 0;
}
