#ifndef KNOBS_GTK_GLUE_H
#define KNOBS_GTK_GLUE_H

#include <gtk/gtk.h>

/* What Swift cannot call directly: variadic accessibility setters, type-check
   macros and the version macros. Each function does one thing. */

void knobs_accessible_set_label(GtkWidget *widget, const char *label);
/* Whether the accessible label is `label` (GTK_A11Y=test only; for tests). */
gboolean knobs_accessible_label_is(GtkWidget *widget, const char *label);
void knobs_accessible_set_description(GtkWidget *widget, const char *description);
/* Hides a decorative widget from assistive technologies. */
void knobs_accessible_set_hidden(GtkWidget *widget, gboolean hidden);
/* Item `position` (from 1) of `count` in a list, for assistive technologies. */
void knobs_accessible_set_position(GtkWidget *widget, int position, int count);
/* Names a stack page for assistive technologies (GtkStackPage is not a widget). */
void knobs_stack_set_page_label(GtkWidget *stack, GtkWidget *child, const char *label);
/* Names the parts GTK builds inside a widget (a drop-down's button, stack and
   icon), which assistive technologies otherwise read by their type names. */
void knobs_accessible_label_parts(GtkWidget *widget, const char *label);

/* Hides the decorative parts GTK builds inside a widget (a check button's
   indicator) from assistive technologies; the widget itself carries the state. */
void knobs_accessible_hide_parts(GtkWidget *widget);

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

/* A horizontal GtkBox with the accessible role ALERT (a construct-only property). */
GtkWidget *knobs_alert_box_new(int spacing);

/* The horizontal line of a settings row: children that don't expand get their
   natural width, the expanding ones share the rest (row_box.c says why not a
   GtkBox). Styled as "box", announced as a group. */
GtkWidget *knobs_row_box_new(int spacing);
/* Adds `child` after the last child. */
void knobs_row_box_append(GtkWidget *box, GtkWidget *child);

/* A scrollable child (a page's list view) centred in a column at most
   `maximum_width` wide, with at least `minimum_margin` either side, for a
   GtkScrolledWindow to hold (column.c says why not margins on the child).
   Styled as "clamp". */
GtkWidget *knobs_column_new(int maximum_width, int minimum_margin);
/* Sets the column's one child (a GtkScrollable), replacing any. */
void knobs_column_set_child(GtkWidget *column, GtkWidget *child);

/* Emits a signal that takes no arguments and returns nothing, e.g. "font-set". */
void knobs_signal_emit(GObject *object, const char *signal);

/* A GtkCheckButton with the accessible role RADIO (a construct-only property),
   for a member of a group of mutually exclusive options. */
GtkWidget *knobs_radio_button_new(const char *label);

/* Emits a button's "clicked" action signal. */
void knobs_button_emit_clicked(GtkWidget *button);

/* Lets a font chooser offer only fixed-width families. */
void knobs_font_chooser_monospace_only(GtkWidget *chooser);

guint knobs_gtk_major(void);
guint knobs_gtk_minor(void);
guint knobs_gtk_micro(void);

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
