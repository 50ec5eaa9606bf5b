"""The leagues app's pages: rating lists, season tables, and the organisation console."""
