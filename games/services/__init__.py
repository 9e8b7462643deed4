"""Writes. Each service is keyword-only, runs in one transaction and audits what it changes."""
