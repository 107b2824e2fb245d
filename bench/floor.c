/*
 * bench/floor.c — the syscall floor of one weatherd tick, in plain C.
 *
 * Does, N times, only the system calls a tick cannot avoid, and reports the
 * CPU (getrusage RUSAGE_SELF, user + system), the context switches (each a
 * sleep and a wake-up) and the wall time they take:
 *
 *   --http       one keep-alive HTTP/1.1 GET of the forecast URL on one TCP
 *                connection (write the request, read head + Content-Length
 *                body; no parsing beyond that).
 *   --state      replace a ~2 KB state file durably: open tmp, write, fchmod,
 *                fsync, close, rename, open dir, fsync dir, close.
 *   --journal    one sd_journal_sendv() entry with the same 31 fields as
 *                weatherd's per-tick weather entry.
 *   --notify     one sd_notify("STATUS=...") (needs NOTIFY_SOCKET).
 *   --idle       nothing: what waking from the paced sleep alone costs.
 *
 * Options (any combination of the above; at least one):
 *   --n N              iterations (default 1000)
 *   --interval-us US   sleep to an absolute deadline start + k*US before
 *                      each iteration, as a timer-driven daemon does (0 = back
 *                      to back; default 10000)
 *   --host H --port P --path PATH   the HTTP target (default 127.0.0.1)
 *   --dir DIR          directory for the state file (default .)
 *   --sync MODE        what --state syncs: full (fsync file + fsync directory,
 *                      as weatherd does; default), file (fsync file only),
 *                      data (fdatasync file only), dir (fsync directory only),
 *                      none (rename only)
 *
 * Prints one JSON object on stdout.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#ifdef WITH_SYSTEMD
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
#endif

static void die(const char *what) {
    fprintf(stderr, "floor: %s: %s\n", what, strerror(errno));
    exit(1);
}

static long long now_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long cpu_us(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL + ru.ru_utime.tv_usec +
           ru.ru_stime.tv_usec;
}

/* Voluntary + involuntary context switches so far: each is a sleep and a wake-up. */
static long long context_switches(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (long long)ru.ru_nvcsw + ru.ru_nivcsw;
}

/* ---- HTTP ---------------------------------------------------------------- */

static int http_connect(const char *host, int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        fprintf(stderr, "floor: bad IPv4 address %s\n", host);
        exit(2);
    }
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) die("connect");
    return fd;
}

static char response[1 << 20];

/* One GET on the open connection; returns the body length. */
static size_t http_get(int fd, const char *request, size_t request_length) {
    size_t off = 0;
    while (off < request_length) {
        ssize_t n = write(fd, request + off, request_length - off);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("write");
        }
        off += (size_t)n;
    }
    size_t have = 0, head_end = 0, content_length = 0;
    for (;;) {
        ssize_t n = read(fd, response + have, sizeof response - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("read");
        }
        if (n == 0) {
            fprintf(stderr, "floor: server closed the connection\n");
            exit(1);
        }
        have += (size_t)n;
        if (!head_end) {
            char *end = memmem(response, have, "\r\n\r\n", 4);
            if (!end) continue;
            head_end = (size_t)(end - response) + 4;
            char *cl = memmem(response, head_end, "\r\nContent-Length:", 17);
            if (!cl) cl = memmem(response, head_end, "\r\ncontent-length:", 17);
            if (!cl) {
                fprintf(stderr, "floor: response without Content-Length\n");
                exit(1);
            }
            content_length = strtoul(cl + 17, NULL, 10);
        }
        if (have >= head_end + content_length) return content_length;
    }
}

/* ---- state file ---------------------------------------------------------- */

static void fsync_or_die(int fd, const char *what) {
    if (fsync(fd) != 0) die(what);
}

enum sync_mode { SYNC_FULL, SYNC_FILE, SYNC_DATA, SYNC_DIR, SYNC_NONE };
static enum sync_mode sync_mode = SYNC_FULL;
static const char *sync_names[] = {"full", "file", "data", "dir", "none"};

static void state_write(const char *dir, const char *path, const char *tmp, const char *body, size_t length) {
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) die("open tmp");
    size_t off = 0;
    while (off < length) {
        ssize_t n = write(fd, body + off, length - off);
        if (n < 0) die("write tmp");
        off += (size_t)n;
    }
    if (fchmod(fd, 0644) != 0) die("fchmod");
    if (sync_mode == SYNC_FULL || sync_mode == SYNC_FILE) fsync_or_die(fd, "fsync tmp");
    if (sync_mode == SYNC_DATA && fdatasync(fd) != 0) die("fdatasync tmp");
    if (close(fd) != 0) die("close tmp");
    if (rename(tmp, path) != 0) die("rename");
    if (sync_mode == SYNC_FULL || sync_mode == SYNC_DIR) {
        int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0) die("open dir");
        fsync_or_die(dfd, "fsync dir");
        close(dfd);
    }
}

/* ---- journal ------------------------------------------------------------- */

#ifdef WITH_SYSTEMD
static const char *journal_fields[] = {
    "MESSAGE=Berlin: 2.0 °C, Slight rain",
    "PRIORITY=6",
    "SYSLOG_IDENTIFIER=weatherd",
    "CODE_FILE=weatherd/WeatherService+Journal.swift",
    "CODE_LINE=42",
    "CODE_FUNC=logWeather(_:weather:index:source:elapsed:)",
    "MESSAGE_ID=1e8127529db14a988ec40952865c732b",
    "WEATHER_APPARENT_TEMPERATURE=-1.3",
    "WEATHER_CATEGORY=rain",
    "WEATHER_CODE=61",
    "WEATHER_CONDITION=rain",
    "WEATHER_DESCRIPTION=Slight rain",
    "WEATHER_FETCH_MS=1",
    "WEATHER_HUMIDITY=81",
    "WEATHER_IS_DAY=1",
    "WEATHER_LATITUDE=52.52",
    "WEATHER_LOCATION=berlin",
    "WEATHER_LOCATION_NAME=Berlin",
    "WEATHER_LONGITUDE=13.41",
    "WEATHER_OBSERVED_AT=2026-11-22T04:00:00Z",
    "WEATHER_ROTATION_INDEX=12345",
    "WEATHER_SOURCE=network",
    "WEATHER_TEMPERATURE=2.0",
    "WEATHER_TEMPERATURE_UNIT=°C",
    "WEATHER_WIND_DIRECTION=254",
    "WEATHER_WIND_SPEED=16.9",
    "WEATHER_WIND_SPEED_UNIT=km/h",
};
#define JOURNAL_FIELDS (sizeof journal_fields / sizeof journal_fields[0])
#endif

int main(int argc, char **argv) {
    int do_http = 0, do_state = 0, do_journal = 0, do_notify = 0, do_idle = 0;
    long n = 1000, interval_us = 10000;
    const char *host = "127.0.0.1", *path = "/v1/forecast", *dir = ".";
    int port = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--http")) do_http = 1;
        else if (!strcmp(a, "--state")) do_state = 1;
        else if (!strcmp(a, "--journal")) do_journal = 1;
        else if (!strcmp(a, "--notify")) do_notify = 1;
        else if (!strcmp(a, "--idle")) do_idle = 1;
        else if (v && !strcmp(a, "--n")) n = atol(argv[++i]);
        else if (v && !strcmp(a, "--interval-us")) interval_us = atol(argv[++i]);
        else if (v && !strcmp(a, "--host")) host = argv[++i];
        else if (v && !strcmp(a, "--port")) port = atoi(argv[++i]);
        else if (v && !strcmp(a, "--path")) path = argv[++i];
        else if (v && !strcmp(a, "--dir")) dir = argv[++i];
        else if (v && !strcmp(a, "--sync")) {
            const char *m = argv[++i];
            int found = 0;
            for (int s = 0; s < 5; s++)
                if (!strcmp(m, sync_names[s])) sync_mode = (enum sync_mode)s, found = 1;
            if (!found) {
                fprintf(stderr, "floor: unknown --sync %s\n", m);
                return 2;
            }
        }
        else {
            fprintf(stderr, "floor: unknown or incomplete option %s\n", a);
            return 2;
        }
    }
    if (!(do_http || do_state || do_journal || do_notify || do_idle) || n <= 0) {
        fprintf(stderr, "usage: floor [--http --port P [--path PATH]] [--state --dir D] [--journal] [--notify] [--idle] [--n N] [--interval-us US]\n");
        return 2;
    }
#ifndef WITH_SYSTEMD
    if (do_journal || do_notify) {
        fprintf(stderr, "floor: built without libsystemd\n");
        return 2;
    }
#endif

    int fd = -1;
    char request[4096];
    size_t request_length = 0;
    size_t body_length = 0;
    if (do_http) {
        if (port <= 0) {
            fprintf(stderr, "floor: --http needs --port\n");
            return 2;
        }
        request_length = (size_t)snprintf(request, sizeof request,
                                          "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUser-Agent: weatherd/floor\r\n"
                                          "Accept: application/json\r\n\r\n",
                                          path, host, port);
        fd = http_connect(host, port);
        body_length = http_get(fd, request, request_length); /* warm-up; not counted */
    }

    char state_path[4096], tmp_path[4096], state_body[2048];
    if (do_state) {
        snprintf(state_path, sizeof state_path, "%s/floor-state.json", dir);
        snprintf(tmp_path, sizeof tmp_path, "%s/.floor-state.json.tmp-%d", dir, (int)getpid());
        memset(state_body, ' ', sizeof state_body);
        memcpy(state_body, "{\"schema_version\":1}", 20);
        state_body[sizeof state_body - 1] = '\n';
    }

    long long wall_busy_ns = 0, wall_max_ns = 0;
    long long start = now_ns(CLOCK_MONOTONIC);
    long long cpu_before = cpu_us();
    long long switches_before = context_switches();
    for (long k = 0; k < n; k++) {
        if (interval_us > 0) {
            long long deadline = start + (k + 1) * interval_us * 1000LL;
            struct timespec ts = {.tv_sec = deadline / 1000000000LL, .tv_nsec = deadline % 1000000000LL};
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
            }
        }
        long long t0 = now_ns(CLOCK_MONOTONIC);
        if (do_http) body_length = http_get(fd, request, request_length);
#ifdef WITH_SYSTEMD
        if (do_journal) {
            struct iovec iov[JOURNAL_FIELDS];
            for (size_t i = 0; i < JOURNAL_FIELDS; i++) {
                iov[i].iov_base = (void *)journal_fields[i];
                iov[i].iov_len = strlen(journal_fields[i]);
            }
            int r = sd_journal_sendv(iov, (int)JOURNAL_FIELDS);
            if (r < 0) {
                errno = -r;
                die("sd_journal_sendv");
            }
        }
        if (do_notify) sd_notify(0, "STATUS=Berlin 2.0 °C Slight rain · 4 locations · 0 failing");
#endif
        if (do_state) state_write(dir, state_path, tmp_path, state_body, sizeof state_body);
        long long busy = now_ns(CLOCK_MONOTONIC) - t0;
        wall_busy_ns += busy;
        if (busy > wall_max_ns) wall_max_ns = busy;
    }
    long long cpu = cpu_us() - cpu_before;
    long long switches = context_switches() - switches_before;
    long long wall = now_ns(CLOCK_MONOTONIC) - start;
    if (do_state) unlink(state_path);
    printf("{\"sync\":\"%s\",\"n\":%ld,\"interval_us\":%ld,\"http\":%d,\"state\":%d,\"journal\":%d,\"notify\":%d,"
           "\"body_bytes\":%zu,\"cpu_us_total\":%lld,\"cpu_us_per_iter\":%.2f,\"context_switches_per_iter\":%.2f,"
           "\"busy_wall_us_per_iter\":%.2f,\"busy_wall_us_max\":%.1f,\"wall_s\":%.3f}\n",
           sync_names[sync_mode], n, interval_us, do_http, do_state, do_journal, do_notify, body_length, cpu, (double)cpu / n,
           (double)switches / n, wall_busy_ns / 1000.0 / n, wall_max_ns / 1000.0, wall / 1e9);
    return 0;
}
