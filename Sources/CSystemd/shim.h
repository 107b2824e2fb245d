#ifndef WEATHERD_CSYSTEMD_SHIM_H
#define WEATHERD_CSYSTEMD_SHIM_H

#include <sys/uio.h>
#include <systemd/sd-journal.h>
#include <systemd/sd-daemon.h>

#endif
