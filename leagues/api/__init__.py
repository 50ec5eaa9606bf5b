"""The leagues app's REST API: rating lists, organisations and seasons."""
