"""The audit trail's pure code: its entries told as sentences."""
