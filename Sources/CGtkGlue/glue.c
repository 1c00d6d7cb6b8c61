#include "CGtkGlue.h"

#include <locale.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

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

GtkWidget *knobs_alert_box_new(int spacing) {
  return g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_HORIZONTAL, "spacing", spacing,
                      "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT, NULL);
}

void knobs_button_emit_clicked(GtkWidget *button) { g_signal_emit_by_name(button, "clicked"); }

guint knobs_gtk_major(void) { return gtk_get_major_version(); }
guint knobs_gtk_minor(void) { return gtk_get_minor_version(); }
guint knobs_gtk_micro(void) { return gtk_get_micro_version(); }

static gboolean knobs_is_monospace(const PangoFontFamily *family, const PangoFontFace *face, gpointer data) {
  (void)face;
  (void)data;
  return pango_font_family_is_monospace((PangoFontFamily *)family);
}

void knobs_font_chooser_monospace_only(GtkWidget *chooser) {
  gtk_font_chooser_set_filter_func(GTK_FONT_CHOOSER(chooser), knobs_is_monospace, NULL, NULL);
}

GtkWidget *knobs_radio_button_new(const char *label) {
  return g_object_new(GTK_TYPE_CHECK_BUTTON, "label", label, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL);
}

