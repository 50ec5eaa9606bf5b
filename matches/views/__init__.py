"""The matches app's pages: the referee desk."""
