"""The thin service layer: load rows, call the pure algorithms, write the outcome atomically."""
