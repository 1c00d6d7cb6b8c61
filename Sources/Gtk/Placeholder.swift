public enum GtkPlaceholder {}
