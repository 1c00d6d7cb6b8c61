/* KnobsColumn: a scrollable child (a page's list view) centred in a column at most
 * `maximum_width` wide, with at least `minimum_margin` on either side; what a
 * GtkScrolledWindow holds in its place, as libadwaita's AdwClampScrollable.
 *
 * Why not margins on the list view: GTK 4.8's list view lays its rows out at
 * the width of its own measure when that is wider than its allocation, and its
 * measure includes its margins while its allocation does not. With margins of m
 * on either side of a window W wide, rows got at least their own minimum width
 * plus 2m, and from about 900 px on that is more than W − 2m: the rows ran past
 * the window's right edge. The scrolled window (no horizontal scrolling) asks for
 * its child's minimum width too, so the margins also held the window wide.
 *
 * Here the margins are this widget's own: the list view is allocated the column's
 * width, and the column is worked out at every allocation, so the first frame has
 * its final layout and nothing changes after it. The scroll adjustments and
 * policies the scrolled window gives this widget are passed on to the child. */

#include "CGtkGlue.h"

#define KNOBS_TYPE_COLUMN (knobs_column_get_type())
G_DECLARE_FINAL_TYPE(KnobsColumn, knobs_column, KNOBS, COLUMN, GtkWidget)

struct _KnobsColumn {
  GtkWidget parent_instance;
  GtkWidget *child;
  int maximum_width;
  int minimum_margin;
  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  GtkScrollablePolicy hscroll_policy;
  GtkScrollablePolicy vscroll_policy;
};

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_FINAL_TYPE_WITH_CODE(KnobsColumn, knobs_column, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static const char *knobs_column_property_name(guint id) {
  switch (id) {
  case PROP_HADJUSTMENT: return "hadjustment";
  case PROP_VADJUSTMENT: return "vadjustment";
  case PROP_HSCROLL_POLICY: return "hscroll-policy";
  case PROP_VSCROLL_POLICY: return "vscroll-policy";
  default: return NULL;
  }
}

/* Gives the child the adjustments and policies this widget was given. */
static void knobs_column_forward(KnobsColumn *self) {
  if (self->child == NULL || !GTK_IS_SCROLLABLE(self->child)) return;
  g_object_set(self->child, "hadjustment", self->hadjustment, "vadjustment", self->vadjustment, "hscroll-policy",
               self->hscroll_policy, "vscroll-policy", self->vscroll_policy, NULL);
}

static void knobs_column_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
  KnobsColumn *self = KNOBS_COLUMN(object);
  switch (id) {
  case PROP_HADJUSTMENT: g_set_object(&self->hadjustment, g_value_get_object(value)); break;
  case PROP_VADJUSTMENT: g_set_object(&self->vadjustment, g_value_get_object(value)); break;
  case PROP_HSCROLL_POLICY: self->hscroll_policy = g_value_get_enum(value); break;
  case PROP_VSCROLL_POLICY: self->vscroll_policy = g_value_get_enum(value); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); return;
  }
  if (self->child != NULL && GTK_IS_SCROLLABLE(self->child)) {
    g_object_set_property(G_OBJECT(self->child), knobs_column_property_name(id), value);
  }
}

static void knobs_column_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
  KnobsColumn *self = KNOBS_COLUMN(object);
  switch (id) {
  case PROP_HADJUSTMENT: g_value_set_object(value, self->hadjustment); break;
  case PROP_VADJUSTMENT: g_value_set_object(value, self->vadjustment); break;
  case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->hscroll_policy); break;
  case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->vscroll_policy); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); break;
  }
}

/* The child's width when this widget is `width` wide: the column, or the child's
   minimum width when that is wider. */
static int knobs_column_child_width(KnobsColumn *self, int width) {
  int minimum;
  gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return MAX(minimum, MIN(self->maximum_width, width - 2 * self->minimum_margin));
}

static void knobs_column_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
  KnobsColumn *self = KNOBS_COLUMN(widget);
  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    int child_minimum, child_natural;
    gtk_widget_measure(self->child, orientation, for_size, &child_minimum, &child_natural, NULL, NULL);
    *minimum = child_minimum + 2 * self->minimum_margin;
    *natural = MAX(child_minimum, MIN(child_natural, self->maximum_width)) + 2 * self->minimum_margin;
    return;
  }
  int child_width = for_size >= 0 ? knobs_column_child_width(self, for_size) : -1;
  gtk_widget_measure(self->child, orientation, child_width, minimum, natural, NULL, NULL);
}

static void knobs_column_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  KnobsColumn *self = KNOBS_COLUMN(widget);
  if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
  int child_width = knobs_column_child_width(self, width);
  /* Centred; a child wider than the room left starts at the margin (at the end in right-to-left text). */
  int x = child_width + 2 * self->minimum_margin <= width ? (width - child_width) / 2 : self->minimum_margin;
  if (gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL) x = width - x - child_width;
  GtkAllocation allocation = {x, 0, child_width, height};
  gtk_widget_size_allocate(self->child, &allocation, baseline);
}

static GtkSizeRequestMode knobs_column_get_request_mode(GtkWidget *widget) {
  KnobsColumn *self = KNOBS_COLUMN(widget);
  return self->child != NULL ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void knobs_column_dispose(GObject *object) {
  KnobsColumn *self = KNOBS_COLUMN(object);
  g_clear_pointer(&self->child, gtk_widget_unparent);
  g_clear_object(&self->hadjustment);
  g_clear_object(&self->vadjustment);
  G_OBJECT_CLASS(knobs_column_parent_class)->dispose(object);
}

static void knobs_column_class_init(KnobsColumnClass *class) {
  GObjectClass *object_class = G_OBJECT_CLASS(class);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
  object_class->dispose = knobs_column_dispose;
  object_class->set_property = knobs_column_set_property;
  object_class->get_property = knobs_column_get_property;
  g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
  widget_class->measure = knobs_column_measure;
  widget_class->size_allocate = knobs_column_size_allocate;
  widget_class->get_request_mode = knobs_column_get_request_mode;
  gtk_widget_class_set_css_name(widget_class, "clamp");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void knobs_column_init(KnobsColumn *self) { (void)self; }

GtkWidget *knobs_column_new(int maximum_width, int minimum_margin) {
  KnobsColumn *self = g_object_new(KNOBS_TYPE_COLUMN, NULL);
  self->maximum_width = maximum_width;
  self->minimum_margin = minimum_margin;
  return GTK_WIDGET(self);
}

void knobs_column_set_child(GtkWidget *column, GtkWidget *child) {
  KnobsColumn *self = KNOBS_COLUMN(column);
  g_clear_pointer(&self->child, gtk_widget_unparent);
  if (child == NULL) return;
  self->child = child;
  gtk_widget_set_parent(child, column);
  knobs_column_forward(self);
}
