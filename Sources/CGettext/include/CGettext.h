#ifndef WEATHERD_CGETTEXT_H
#define WEATHERD_CGETTEXT_H

// glibc's gettext (libintl.h is part of glibc on Linux: nothing to link), which Swift's Glibc module does
// not export. WeatherDisplay's Catalogue is its one user.
#include <libintl.h>
#include <locale.h>

#endif
