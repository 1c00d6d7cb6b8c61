#ifndef KNOBS_GIO_GLUE_H
#define KNOBS_GIO_GLUE_H

#include <gio/gio.h>

/* What Swift cannot call directly in GLib and GIO: the settings backend's
   write of a change set, GObject's variadic calls and macros, libdispatch's
   main-queue hooks and the thread's locale. No GTK: the command line links
   this without it. */

/* The type name of the backend a GSettings object writes to, e.g.
   "DConfSettingsBackend" or "GMemorySettingsBackend". */
const char *knobs_settings_backend_name(GSettings *settings);

/* Writes made at once, as one change set (dconf) through the backend `settings` writes to:
   a tree of full key paths to GVariants, as GSettings' delayed mode keeps them. The write is
   all or nothing: a key that is not writable fails the whole tree. */
GTree *knobs_settings_tree_new(void);
void knobs_settings_tree_set(GTree *tree, const char *path, GVariant *value);
void knobs_settings_tree_reset(GTree *tree, const char *path);
gboolean knobs_settings_write_tree(GSettings *settings, GTree *tree);

/* Emits a signal that takes no arguments and returns nothing, e.g. "font-set". */
void knobs_signal_emit(GObject *object, const char *signal);

/* Main queue bridge: the libdispatch hooks that let GLib's loop drain
   DispatchQueue.main and the main actor. */
int knobs_dispatch_main_queue_fd(void);
void knobs_dispatch_drain_main_queue(void);

/* Whether messages are untranslated: the message locale is C or POSIX, or every
   language gettext would try is plain or US English. */
gboolean knobs_messages_are_english(void);

/* Switches this thread's locale to C, so gettext leaves texts untranslated
   (glibc ignores LANGUAGE then), and returns the locale to give back to
   knobs_restore_thread_locale. */
void *knobs_use_c_locale(void);
void knobs_restore_thread_locale(void *previous);

#endif
