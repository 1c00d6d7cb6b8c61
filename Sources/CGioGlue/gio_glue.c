#include "CGioGlue.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <locale.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* Exported by libdispatch on Linux for run-loop integration. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static void knobs_variant_unref_if_any(gpointer value) {
  if (value != NULL) g_variant_unref(value);
}

GTree *knobs_settings_tree_new(void) {
  return g_tree_new_full((GCompareDataFunc)g_strcmp0, NULL, g_free, knobs_variant_unref_if_any);
}

void knobs_settings_tree_reset(GTree *tree, const char *path) {
  /* No value: the backend resets the key, as a delayed GSettings' reset does. */
  g_tree_insert(tree, g_strdup(path), NULL);
}

void knobs_settings_tree_set(GTree *tree, const char *path, GVariant *value) {
  g_tree_insert(tree, g_strdup(path), g_variant_ref_sink(value));
}

gboolean knobs_settings_write_tree(GSettings *settings, GTree *tree) {
  GSettingsBackend *backend = NULL;
  g_object_get(settings, "backend", &backend, NULL);
  if (backend == NULL) return FALSE;
  /* What g_settings_apply does for a delayed GSettings (GLib does not export g_settings_backend_write_tree). */
  gboolean written = G_SETTINGS_BACKEND_GET_CLASS(backend)->write_tree(backend, tree, NULL);
  g_object_unref(backend);
  return written;
}

const char *knobs_settings_backend_name(GSettings *settings) {
  GObject *backend = NULL;
  g_object_get(settings, "backend", &backend, NULL);
  if (backend == NULL) return "unknown";
  /* Type names are interned for the life of the process. */
  const char *name = G_OBJECT_TYPE_NAME(backend);
  g_object_unref(backend);
  return name;
}

int knobs_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }
void knobs_dispatch_drain_main_queue(void) {
  /* The handle is an eventfd: read it to reset it, or GLib sees it ready forever
     and the loop spins, starving idle sources (AT-SPI registration among them). */
  uint64_t count;
  ssize_t ignored = read(_dispatch_get_main_queue_handle_4CF(), &count, sizeof count);
  (void)ignored;
  _dispatch_main_queue_callback_4CF(NULL);
}

void knobs_signal_emit(GObject *object, const char *signal) {
  g_signal_emit_by_name(object, signal);
}

static gboolean is_plain_english(const char *language, size_t length) {
  /* "en", "en_US", with or without ".UTF-8" or "@modifier". */
  size_t end = strcspn(language, ".@");
  if (end > length) end = length;
  return (end == 2 && strncmp(language, "en", 2) == 0) || (end == 5 && strncmp(language, "en_US", 5) == 0);
}

gboolean knobs_messages_are_english(void) {
  const char *locale = setlocale(LC_MESSAGES, NULL);
  if (locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0 || strncmp(locale, "C.", 2) == 0)
    return TRUE;
  const char *language = g_getenv("LANGUAGE");
  const char *list = language != NULL && language[0] != '\0' ? language : locale;
  while (*list != '\0') {
    size_t length = strcspn(list, ":");
    if (length > 0 && !is_plain_english(list, length)) return FALSE;
    list += length;
    if (*list == ':') list++;
  }
  return TRUE;
}

void *knobs_use_c_locale(void) {
  static gsize c_locale = 0;
  if (g_once_init_enter(&c_locale)) g_once_init_leave(&c_locale, (gsize)newlocale(LC_ALL_MASK, "C", (locale_t)0));
  return uselocale((locale_t)c_locale);
}

void knobs_restore_thread_locale(void *previous) { uselocale((locale_t)previous); }
