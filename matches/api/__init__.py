"""REST API v1 of the matches app: matches with their seats, and the result flow."""
