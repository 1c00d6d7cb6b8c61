print("knobs")
