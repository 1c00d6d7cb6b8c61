"""End-to-end harness for Knobs: sealed desktop sessions and an AT-SPI driver."""
