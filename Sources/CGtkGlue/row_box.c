/* KnobsRowBox: the horizontal line of a settings row (icon, text, controls).
 *
 * Why not a GtkBox: GTK 4.8's box layout finds a horizontal box's height for a
 * width by asking each child whose size depends on the other dimension (the
 * column with a wrapping subtitle) for its width at a series of heights, and
 * that column answers each question with a search over widths. Every row with
 * a wrapping subtitle then lays out its labels many times per measurement,
 * which is costly (see docs/design/performance.md).
 *
 * A row needs less: every child that does not expand gets its natural width
 * (or its minimum when the row is too narrow), the expanding children share
 * what is left, and the row is as tall as its tallest child at the width it
 * gets, centred in the row's height. Each child is measured once per width,
 * which is what GtkBox would end up allocating anyway. A child should keep
 * the default FILL alignment: with any other, gtk_widget_allocate measures it
 * again, and for a column of labels that costs what the box did. */

#include "CGtkGlue.h"

#define KNOBS_TYPE_ROW_BOX (knobs_row_box_get_type())
G_DECLARE_FINAL_TYPE(KnobsRowBox, knobs_row_box, KNOBS, ROW_BOX, GtkWidget)

struct _KnobsRowBox {
  GtkWidget parent_instance;
  int spacing;
};

G_DEFINE_FINAL_TYPE(KnobsRowBox, knobs_row_box, GTK_TYPE_WIDGET)

enum { MAX_CHILDREN = 16 };

/* The children that take part in layout, at most MAX_CHILDREN of them. */
static int knobs_row_box_children(GtkWidget *widget, GtkWidget **children) {
  int count = 0;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL && count < MAX_CHILDREN;
       child = gtk_widget_get_next_sibling(child)) {
    if (gtk_widget_should_layout(child)) children[count++] = child;
  }
  return count;
}

/* The width each child gets when the row is `width` wide. */
static void knobs_row_box_distribute(KnobsRowBox *self, GtkWidget **children, int count, int width, int *widths) {
  GtkRequestedSize sizes[MAX_CHILDREN];
  int available = width - self->spacing * (count > 0 ? count - 1 : 0);
  int expanding = 0;
  for (int i = 0; i < count; i++) {
    gtk_widget_measure(children[i], GTK_ORIENTATION_HORIZONTAL, -1, &sizes[i].minimum_size, &sizes[i].natural_size,
                       NULL, NULL);
    sizes[i].data = children[i];
    available -= sizes[i].minimum_size;
    if (gtk_widget_compute_expand(children[i], GTK_ORIENTATION_HORIZONTAL)) expanding++;
  }
  if (available > 0) available = gtk_distribute_natural_allocation(available, count, sizes);
  int share = expanding > 0 && available > 0 ? available / expanding : 0;
  int extra = expanding > 0 && available > 0 ? available % expanding : 0;
  for (int i = 0; i < count; i++) {
    widths[i] = sizes[i].minimum_size;
    if (gtk_widget_compute_expand(children[i], GTK_ORIENTATION_HORIZONTAL)) {
      widths[i] += share + (extra > 0 ? 1 : 0);
      if (extra > 0) extra--;
    }
  }
}

static void knobs_row_box_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                  int *natural, int *minimum_baseline, int *natural_baseline) {
  KnobsRowBox *self = KNOBS_ROW_BOX(widget);
  GtkWidget *children[MAX_CHILDREN];
  int count = knobs_row_box_children(widget, children);
  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (count == 0) return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    for (int i = 0; i < count; i++) {
      int child_minimum, child_natural;
      gtk_widget_measure(children[i], orientation, -1, &child_minimum, &child_natural, NULL, NULL);
      *minimum += child_minimum;
      *natural += child_natural;
    }
    *minimum += self->spacing * (count - 1);
    *natural += self->spacing * (count - 1);
    return;
  }
  int widths[MAX_CHILDREN];
  if (for_size >= 0) knobs_row_box_distribute(self, children, count, for_size, widths);
  for (int i = 0; i < count; i++) {
    int child_minimum, child_natural;
    gtk_widget_measure(children[i], orientation, for_size >= 0 ? widths[i] : -1, &child_minimum, &child_natural,
                       NULL, NULL);
    *minimum = MAX(*minimum, child_minimum);
    *natural = MAX(*natural, child_natural);
  }
}

static void knobs_row_box_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  (void)baseline;
  KnobsRowBox *self = KNOBS_ROW_BOX(widget);
  GtkWidget *children[MAX_CHILDREN];
  int widths[MAX_CHILDREN];
  int count = knobs_row_box_children(widget, children);
  if (count == 0) return;
  knobs_row_box_distribute(self, children, count, width, widths);
  gboolean mirrored = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
  int x = 0;
  for (int i = 0; i < count; i++) {
    /* Centred at its natural height for its width: a child left to fill the height is not measured
       again by gtk_widget_allocate, which for a column of labels costs what the box above did. */
    int minimum_height, natural_height;
    gtk_widget_measure(children[i], GTK_ORIENTATION_VERTICAL, widths[i], &minimum_height, &natural_height, NULL, NULL);
    int child_height = MIN(height, natural_height);
    GtkAllocation allocation = {mirrored ? width - x - widths[i] : x, (height - child_height) / 2, widths[i],
                                child_height};
    gtk_widget_size_allocate(children[i], &allocation, -1);
    x += widths[i] + self->spacing;
  }
}

static GtkSizeRequestMode knobs_row_box_get_request_mode(GtkWidget *widget) {
  (void)widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void knobs_row_box_dispose(GObject *object) {
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
  G_OBJECT_CLASS(knobs_row_box_parent_class)->dispose(object);
}

static void knobs_row_box_class_init(KnobsRowBoxClass *class) {
  GObjectClass *object_class = G_OBJECT_CLASS(class);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
  object_class->dispose = knobs_row_box_dispose;
  widget_class->measure = knobs_row_box_measure;
  widget_class->size_allocate = knobs_row_box_size_allocate;
  widget_class->get_request_mode = knobs_row_box_get_request_mode;
  /* Styled and announced as the GtkBox it replaces. */
  gtk_widget_class_set_css_name(widget_class, "box");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void knobs_row_box_init(KnobsRowBox *self) { (void)self; }

GtkWidget *knobs_row_box_new(int spacing) {
  KnobsRowBox *self = g_object_new(KNOBS_TYPE_ROW_BOX, NULL);
  self->spacing = spacing;
  return GTK_WIDGET(self);
}

void knobs_row_box_append(GtkWidget *box, GtkWidget *child) {
  gtk_widget_insert_before(child, box, NULL);
}
