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


#endif
