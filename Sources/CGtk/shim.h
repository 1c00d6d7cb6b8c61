#include <gtk/gtk.h>
#include <gio/gio.h>
