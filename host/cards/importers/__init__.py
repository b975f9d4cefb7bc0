"""Importers: other question sources -> our deck format.

Each reader takes a file and returns a ReadResult (questions, problems,
skipped); common.py groups the questions into cards and writes the deck.
"""

from host.cards.importers.csv_table import read_csv
from host.cards.importers.otdb import read_otdb

READERS = {"otdb": read_otdb, "csv": read_csv}
