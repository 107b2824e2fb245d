#ifndef WEATHERD_CYAML_SHIM_H
#define WEATHERD_CYAML_SHIM_H

#include <yaml.h>

#endif
