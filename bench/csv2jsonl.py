#!/usr/bin/env python3
"""Turns a gencsv file (header, RFC 4180) into JSON Lines with the same rows as Rowlift stores them: one object
per line, keys the header's names, every value a JSON string; an unquoted empty field (NULL under the contract's
rules) a missing key, a quoted empty field ("") an empty string. For JSON Lines throughput next to CSV on the
same shape and rows (bench/inputs.sh checks the tables equal):

    cc -O2 -o /tmp/gencsv ../shared/bench/gencsv.c && /tmp/gencsv wide 1000000 > /tmp/wide-1m.csv
    bench/csv2jsonl.py /tmp/wide-1m.csv /tmp/wide-1m.jsonl

Python's csv module cannot tell "" from an empty field, so the records are tokenized here (the whole file is read
into memory: a few GB at most for the benchmark shapes).
"""
import json
import re
import sys

FIELD = re.compile(r'"((?:[^"]|"")*)"|([^,\r\n"]*)')


def records(text):
    pos, end = 0, len(text)
    while pos < end:
        row = []
        while True:
            m = FIELD.match(text, pos)
            quoted, plain = m.group(1), m.group(2)
            row.append(quoted.replace('""', '"') if quoted is not None else (plain if plain else None))
            pos = m.end()
            if pos < end and text[pos] == ',':
                pos += 1
                continue
            if text.startswith('\r\n', pos):
                pos += 2
            elif pos < end:
                pos += 1  # \n or a lone \r
            break
        yield row


with open(sys.argv[1], newline='', encoding='utf-8') as src:
    text = src.read()
with open(sys.argv[2], 'w', encoding='utf-8') as out:
    rows = records(text)
    names = next(rows)
    for row in rows:
        out.write(json.dumps({k: v for k, v in zip(names, row) if v is not None}, ensure_ascii=False) + '\n')
