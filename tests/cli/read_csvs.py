"""Reads every CSV of the report folders given, as pandas or R would meet
them, with Python's csv module, and checks each field against the column
types that reports/README.md documents. Prints one line per problem and
exits 1 if there is any; exits 0 silently otherwise.

Usage: python3 read_csvs.py reports/README.md DIR [DIR ...]
"""

import csv
import math
import os
import re
import sys

KINDS = ["integer", "number", "text", "boolean"]
OPTION_TABLES = {"summary.csv", "metrics.csv", "cells.csv"}


def documented_types(readme):
    """{file: {column: (kind, may_be_empty)}} from the Column types table;
    a column written with `_N` (`seat_N`) stands for one column per
    number from 1 (`seat_1`, `seat_2`, ...)."""
    text = open(readme, encoding="utf-8").read()
    start = text.index("## Column types")
    end = text.index("\n## ", start + 1)
    types = {}
    for line in text[start:end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 1 + len(KINDS) or not cells[0].endswith(".csv"):
            continue
        columns = {}
        for kind, cell in zip(KINDS, cells[1:]):
            for name in re.findall(r"`([^`]+)`", cell):
                optional = name.endswith("?")
                columns[name.rstrip("?")] = (kind, optional)
        types[cells[0]] = columns
    return types


def fits(kind, value):
    if kind == "integer":
        return re.fullmatch(r"-?[0-9]+", value) is not None
    if kind == "number":
        try:
            return math.isfinite(float(value)) and value.lower() not in ("nan", "inf")
        except ValueError:
            return False
    if kind == "boolean":
        return value in ("true", "false")
    return True


def documented(columns, column):
    """The documented (kind, may_be_empty) of `column`, or None."""
    if column in columns:
        return columns[column]
    numbered = re.fullmatch(r"(.+_)[1-9][0-9]*", column)
    if numbered:
        return columns.get(numbered.group(1) + "N")
    return None


def check(path, columns, problems, option_columns):
    name = os.path.basename(path)
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if not rows:
        problems.append(f"{path}: no header")
        return
    header, body = rows[0], rows[1:]
    if len(set(header)) != len(header):
        problems.append(f"{path}: repeated column names")
    own = [c for c in header if documented(columns, c)]
    rest = header[len(own):]
    if header[: len(own)] != own:
        problems.append(f"{path}: undocumented column among {header[:len(own)+1]}")
    for c in columns:
        if c not in header and not c.endswith("_N"):
            problems.append(f"{path}: documented column {c} not written")
    if name in OPTION_TABLES:
        option_columns.setdefault(os.path.dirname(path), {})[name] = rest
    elif rest:
        problems.append(f"{path}: undocumented columns {rest}")
    for n, row in enumerate(body, start=2):
        if len(row) != len(header):
            problems.append(f"{path}:{n}: {len(row)} fields, header has {len(header)}")
            continue
        for column, value in zip(header, row):
            if not documented(columns, column):
                continue
            kind, optional = documented(columns, column)
            if value == "":
                if not optional:
                    problems.append(f"{path}:{n}: {column} is empty")
            elif not fits(kind, value):
                problems.append(f"{path}:{n}: {column} = {value!r} is not {kind}")


def main():
    readme, folders = sys.argv[1], sys.argv[2:]
    types = documented_types(readme)
    problems, option_columns, read = [], {}, 0
    for folder in folders:
        for entry in sorted(os.listdir(folder)):
            if not entry.endswith(".csv"):
                continue
            if entry not in types:
                problems.append(f"{folder}/{entry}: no row in the Column types table")
                continue
            check(os.path.join(folder, entry), types[entry], problems, option_columns)
            read += 1
    for folder, tables in option_columns.items():
        if len({tuple(v) for v in tables.values()}) > 1:
            problems.append(f"{folder}: option columns differ between {sorted(tables)}")
    for p in problems:
        print(p)
    print(f"read {read} files", file=sys.stderr)
    sys.exit(1 if problems else 0)


main()
