"""The audit trail, below every app: who acted (``Actor``) through which door (``Channel``),
one entry per change (``AuditEntry``, written by ``record_change``), and the entries told for
people (``common.audit.logic.story``).
"""
