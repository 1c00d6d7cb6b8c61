#include "CGtkGlue.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <locale.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* Exported by libdispatch on Linux for run-loop integration. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

void knobs_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void knobs_accessible_set_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void knobs_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

void knobs_accessible_set_position(GtkWidget *widget, int position, int count) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                 GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

static void label_stack_pages(GtkStack *stack, const char *label) {
  GListModel *pages = G_LIST_MODEL(gtk_stack_get_pages(stack));
  for (guint i = 0; i < g_list_model_get_n_items(pages); i++) {
    GtkStackPage *page = g_list_model_get_item(pages, i);
    gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    g_object_unref(page);
  }
  g_object_unref(pages);
}

void knobs_stack_set_page_label(GtkWidget *stack, GtkWidget *child, const char *label) {
  GtkStackPage *page = gtk_stack_get_page(GTK_STACK(stack), child);
  if (page != NULL)
    gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void knobs_accessible_label_parts(GtkWidget *widget, const char *label) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (GTK_IS_STACK(child)) label_stack_pages(GTK_STACK(child), label);
    if (!GTK_IS_LABEL(child))
      gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    knobs_accessible_label_parts(child, label);
  }
}

void knobs_accessible_hide_parts(GtkWidget *widget) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (!GTK_IS_LABEL(child)) knobs_accessible_set_hidden(child, TRUE);
  }
}

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

GtkWidget *knobs_alert_box_new(int spacing) {
  return g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_HORIZONTAL, "spacing", spacing,
                      "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT, NULL);
}

void knobs_button_emit_clicked(GtkWidget *button) { g_signal_emit_by_name(button, "clicked"); }

guint knobs_gtk_major(void) { return gtk_get_major_version(); }
guint knobs_gtk_minor(void) { return gtk_get_minor_version(); }
guint knobs_gtk_micro(void) { return gtk_get_micro_version(); }

int knobs_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }
void knobs_dispatch_drain_main_queue(void) {
  /* The handle is an eventfd: read it to reset it, or GLib sees it ready forever
     and the loop spins, starving idle sources (AT-SPI registration among them). */
  uint64_t count;
  ssize_t ignored = read(_dispatch_get_main_queue_handle_4CF(), &count, sizeof count);
  (void)ignored;
  _dispatch_main_queue_callback_4CF(NULL);
}

static gboolean knobs_is_monospace(const PangoFontFamily *family, const PangoFontFace *face, gpointer data) {
  (void)face;
  (void)data;
  return pango_font_family_is_monospace((PangoFontFamily *)family);
}

void knobs_font_chooser_monospace_only(GtkWidget *chooser) {
  gtk_font_chooser_set_filter_func(GTK_FONT_CHOOSER(chooser), knobs_is_monospace, NULL, NULL);
}

void knobs_signal_emit(GObject *object, const char *signal) {
  g_signal_emit_by_name(object, signal);
}

GtkWidget *knobs_radio_button_new(const char *label) {
  return g_object_new(GTK_TYPE_CHECK_BUTTON, "label", label, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL);
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
