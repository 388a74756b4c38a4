#!/usr/bin/env python3
"""Writes summary-phases-and-samples.json, the HTML report's fixture (see README.md): a made-up but
realistic summary of a 6,000,000-row load of the ints shape into SQLite with 4 partitions on 2 threads,
in the fields of issue 12 item 3 (phases, samples, startedAt, endedAt) beside today's. Deterministic."""
import datetime
import json
import random

random.seed(12)
START = datetime.datetime(2026, 11, 30, 21, 4, 7, 120000, tzinfo=datetime.timezone.utc)
BYTES_PER_ROW = 10132817 / 300000  # GenCsv ints, measured on a 300,000-row file
ROWS = [1499994, 1500003, 1500008, 1499995]  # as ByteRangePartitioner cut a real 6M file of this shape


def iso(seconds):
    return (START + datetime.timedelta(seconds=seconds)).isoformat(timespec='milliseconds').replace('+00:00', 'Z')


phases = []
clock = 0.0


def phase(name, seconds, **fields):
    global clock
    entry = {"name": name, "startedAt": iso(clock), "seconds": round(seconds, 3), "status": "COMPLETED", "read": 0,
             "written": 0, "rejected": 0, "bytes": 0, "rowsPerSecond": 0}
    entry.update(fields)
    clock += seconds
    phases.append(entry)


phase("prepare", 0.412)
phase("index-drop", 0.051)
load_start = clock
samples, partitions = [], []
free = [load_start, load_start]  # two threads: a partition starts when a thread is free
for i, n in enumerate(ROWS):
    slot = min(range(2), key=lambda k: free[k])
    begin = t = free[slot]
    rows = 0
    base = 118000 + random.uniform(-8000, 8000)
    while rows < n:
        rate = base * (0.93 if t - load_start < 2 else 1.0) * random.uniform(0.9, 1.08)
        step = min(1.0, (n - rows) / rate)
        t += step
        rows = min(n, rows + int(rate * step) + (1 if step < 1 else 0))
        samples.append({"partition": f"partition{i}", "t": round(t, 3), "bytes": int(rows * BYTES_PER_ROW), "rows": rows})
    free[slot] = t
    partitions.append({"name": f"partition{i}", "status": "COMPLETED", "startedAt": iso(begin), "seconds": round(t - begin, 3),
                       "read": n, "written": n, "rejected": 0, "bytes": int(n * BYTES_PER_ROW),
                       "rowsPerSecond": round(n / (t - begin), 1)})
load_seconds = max(free) - load_start
total = sum(ROWS)
samples.sort(key=lambda s: (s["t"], s["partition"]))
phase("load", load_seconds, read=total, written=total, bytes=int(total * BYTES_PER_ROW),
      rowsPerSecond=round(total / load_seconds, 1), partitions=partitions)
phase("index-rebuild", 11.734)
phase("statistics", 0.318)
phase("accounting", 0.022)
end = clock + 0.05
steps = [{"name": "indexDrop", "status": "COMPLETED", "read": 0, "written": 0, "seconds": 0.051},
         {"name": "load", "status": "COMPLETED", "read": total, "written": total, "seconds": round(load_seconds, 3)}]
steps += [{"name": "loadWorker:" + p["name"], "status": "COMPLETED", "read": p["read"], "written": p["written"],
           "seconds": p["seconds"]} for p in partitions]
steps += [{"name": "indexRebuild", "status": "COMPLETED", "read": 0, "written": 0, "seconds": 11.734},
          {"name": "accounting", "status": "COMPLETED", "read": 0, "written": 0, "seconds": 0.022}]
summary = {"run": 3, "status": "COMPLETED", "resumed": False, "file": "/data/feeds/ints-6m.csv", "table": "ints",
           "database": "sqlite", "read": total, "rowsTotal": total, "rejected": 0, "rejectFile": None,
           "rowsThisRun": total, "seconds": round(end, 3), "partitions": 4,
           "partitionsReason": "set by rowlift.job.partitions", "threads": 2, "chunkSize": 10000,
           "writeMethod": "INSERT", "writeReason": "the only method for sqlite", "keyOrder": "FILE",
           "keyOrderReason": "the table has no primary key that the file fills", "indexesDropped": 3,
           "indexesRebuilt": 3, "pipeline": "FAST", "pipelineReason": "default", "filtered": 0, "steps": steps,
           "failure": None, "startedAt": iso(0), "endedAt": iso(end), "phases": phases, "samples": samples}
with open("summary-phases-and-samples.json", "w") as out:
    out.write(json.dumps(summary, indent=1) + "\n")
