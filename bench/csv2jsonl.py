#!/usr/bin/env python3
"""Turns a gencsv file (header, RFC 4180) into JSON Lines with the same rows: one object per line, keys the
header's names, every value a JSON string (an empty field a missing key, as Rowlift reads an empty CSV field
and a missing key alike). For JSON Lines throughput next to CSV on the same shape and rows:

    cc -O2 -o /tmp/gencsv ../shared/bench/gencsv.c && /tmp/gencsv wide 1000000 > /tmp/wide-1m.csv
    bench/csv2jsonl.py /tmp/wide-1m.csv /tmp/wide-1m.jsonl
"""
import csv
import json
import sys

csv.field_size_limit(1 << 30)
with open(sys.argv[1], newline='', encoding='utf-8') as src, open(sys.argv[2], 'w', encoding='utf-8') as out:
    rows = csv.reader(src)
    names = next(rows)
    for row in rows:
        out.write(json.dumps({k: v for k, v in zip(names, row) if v != ''}, ensure_ascii=False) + '\n')
