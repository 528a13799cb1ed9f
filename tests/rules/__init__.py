"""Tests of the rules core, one or more per ledger clause (``# rule: HS-XXX-NN``)."""
