public enum KnobsUIPlaceholder {}
