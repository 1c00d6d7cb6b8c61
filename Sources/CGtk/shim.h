#include <gtk/gtk.h>
#include <gio/gio.h>
#include <glib-unix.h>
