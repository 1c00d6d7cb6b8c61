#include "CGtkGlue.h"

/* Whether the widget's accessible label is `label`, as GTK's test accessibility backend
 * (GTK_A11Y=test) holds it: for tests, which GTK 4.8 gives no getter for. */
gboolean knobs_accessible_label_is(GtkWidget *widget, const char *label) {
  char *problem = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  gboolean matches = problem == NULL;
  g_free(problem);
  return matches;
}
