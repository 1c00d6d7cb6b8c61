#include <dconf.h>
