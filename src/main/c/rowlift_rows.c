/*
 * rowlift_rows: a SQLite loadable extension of Rowlift's own (write method insert-select).
 *
 * Registers the eponymous table-valued function rowlift_rows(buffer), which reads one BLOB holding a
 * chunk's rows, as Rowlift's binders made their typed values, and yields them as rows, in buffer order:
 *
 *     INSERT INTO t (a, b) SELECT c0, c1 FROM rowlift_rows(?)
 *
 * so that a chunk is written with one bind and one statement instead of one bind per value.
 *
 * Buffer (all numbers little-endian):
 *     "RLR1"  int32 columns  int32 rows
 *     then rows * columns values, row by row, each a tag byte and its payload:
 *         0 NULL; 1 INTEGER (int64); 2 REAL (IEEE 754 binary64); 3 TEXT (uint32 length, UTF-8 bytes);
 *         4 BLOB (uint32 length, bytes)
 *     and after the last row anything (Rowlift binds its buffer's whole array, whose end holds bytes of
 *     earlier, longer chunks): never read
 *
 * Columns: rec (the row's place in the buffer, from 0), c0 .. c1997 (a column the buffer does not have
 * is NULL), and the hidden argument buf. A malformed buffer is an error (SQLITE_CORRUPT), never a read
 * past its end.
 *
 * Memory: values point into the bound BLOB (SQLITE_STATIC); SQLite keeps a bound parameter unchanged
 * while its statement runs, and the INSERT copies each value into its record before the next row.
 *
 * Built by Maven (pom.xml, where gcc is present) against the system's sqlite3ext.h; it calls SQLite only
 * through the routine table SQLite hands it, so it links against no SQLite of its own.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <stdint.h>
#include <string.h>

#define RLR_FORMAT 1
#define RLR_DATA_COLUMNS 1998
#define RLR_COL_REC 0
#define RLR_COL_BUF (RLR_DATA_COLUMNS + 1)

enum { TAG_NULL = 0, TAG_INT = 1, TAG_REAL = 2, TAG_TEXT = 3, TAG_BLOB = 4 };

typedef struct rlr_cursor {
	sqlite3_vtab_cursor base;
	const unsigned char *buf; /* the bound BLOB */
	int64_t size;
	int columns;
	int rows;
	int row;                  /* the current row, from 0 */
	int64_t next;             /* offset of the row after the current one */
	int64_t *offsets;         /* offset of each value of the current row (its tag), columns of them */
	int offsets_size;
} rlr_cursor;

static uint32_t rd32(const unsigned char *p) {
	return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static int64_t rd64(const unsigned char *p) {
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--) {
		v = v << 8 | p[i];
	}
	return (int64_t) v;
}

static int rlr_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err) {
	(void) aux; (void) argc; (void) argv; (void) err;
	sqlite3_str *schema = sqlite3_str_new(db);
	sqlite3_str_appendall(schema, "CREATE TABLE x(rec");
	for (int i = 0; i < RLR_DATA_COLUMNS; i++) {
		sqlite3_str_appendf(schema, ",c%d", i);
	}
	sqlite3_str_appendall(schema, ",buf HIDDEN)");
	char *sql = sqlite3_str_finish(schema);
	if (sql == 0) {
		return SQLITE_NOMEM;
	}
	int rc = sqlite3_declare_vtab(db, sql);
	sqlite3_free(sql);
	if (rc != SQLITE_OK) {
		return rc;
	}
	sqlite3_vtab *vtab = sqlite3_malloc(sizeof(*vtab));
	if (vtab == 0) {
		return SQLITE_NOMEM;
	}
	memset(vtab, 0, sizeof(*vtab));
	sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
	*out = vtab;
	return SQLITE_OK;
}

static int rlr_disconnect(sqlite3_vtab *vtab) {
	sqlite3_free(vtab);
	return SQLITE_OK;
}

static int rlr_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out) {
	(void) vtab;
	rlr_cursor *c = sqlite3_malloc(sizeof(*c));
	if (c == 0) {
		return SQLITE_NOMEM;
	}
	memset(c, 0, sizeof(*c));
	*out = &c->base;
	return SQLITE_OK;
}

static int rlr_close(sqlite3_vtab_cursor *cur) {
	rlr_cursor *c = (rlr_cursor *) cur;
	sqlite3_free(c->offsets);
	sqlite3_free(c);
	return SQLITE_OK;
}

static int corrupt(rlr_cursor *c, const char *what) {
	sqlite3_free(c->base.pVtab->zErrMsg);
	c->base.pVtab->zErrMsg = sqlite3_mprintf("rowlift_rows: malformed buffer at row %d: %s", c->row, what);
	return SQLITE_CORRUPT;
}

/* Finds the values of row c->row, which starts at c->next. */
static int rlr_parse_row(rlr_cursor *c) {
	int64_t at = c->next;
	for (int i = 0; i < c->columns; i++) {
		if (at >= c->size) {
			return corrupt(c, "it ends inside a row");
		}
		c->offsets[i] = at;
		switch (c->buf[at]) {
		case TAG_NULL:
			at += 1;
			break;
		case TAG_INT:
		case TAG_REAL:
			at += 9;
			break;
		case TAG_TEXT:
		case TAG_BLOB:
			if (at + 5 > c->size) {
				return corrupt(c, "it ends inside a length");
			}
			at += 5 + (int64_t) rd32(c->buf + at + 1);
			break;
		default:
			return corrupt(c, "unknown value tag");
		}
		if (at > c->size) {
			return corrupt(c, "a value runs past its end");
		}
	}
	c->next = at;
	return SQLITE_OK;
}

static int rlr_filter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr, int argc, sqlite3_value **argv) {
	(void) idxStr;
	rlr_cursor *c = (rlr_cursor *) cur;
	c->buf = 0;
	c->size = 0;
	c->rows = 0;
	c->row = 0;
	c->columns = 0;
	if (idxNum != 1 || argc < 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
		return SQLITE_OK; /* no buffer: no rows */
	}
	if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
		sqlite3_free(cur->pVtab->zErrMsg);
		cur->pVtab->zErrMsg = sqlite3_mprintf("rowlift_rows: the argument must be a BLOB");
		return SQLITE_MISMATCH;
	}
	const unsigned char *buf = sqlite3_value_blob(argv[0]);
	int size = sqlite3_value_bytes(argv[0]);
	if (size < 12 || memcmp(buf, "RLR1", 4) != 0) {
		return corrupt(c, "no RLR1 header");
	}
	int32_t columns = (int32_t) rd32(buf + 4);
	int32_t rows = (int32_t) rd32(buf + 8);
	if (columns < 0 || columns > RLR_DATA_COLUMNS || rows < 0) {
		return corrupt(c, "bad column or row count");
	}
	if (columns > c->offsets_size) {
		sqlite3_free(c->offsets);
		c->offsets = sqlite3_malloc64(sizeof(int64_t) * (columns > 0 ? columns : 1));
		if (c->offsets == 0) {
			c->offsets_size = 0;
			return SQLITE_NOMEM;
		}
		c->offsets_size = columns;
	}
	c->buf = buf;
	c->size = size;
	c->columns = columns;
	c->rows = rows;
	c->next = 12;
	return rows > 0 ? rlr_parse_row(c) : SQLITE_OK;
}

static int rlr_next(sqlite3_vtab_cursor *cur) {
	rlr_cursor *c = (rlr_cursor *) cur;
	c->row++;
	return c->row < c->rows ? rlr_parse_row(c) : SQLITE_OK;
}

static int rlr_eof(sqlite3_vtab_cursor *cur) {
	rlr_cursor *c = (rlr_cursor *) cur;
	return c->row >= c->rows;
}

static int rlr_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int column) {
	rlr_cursor *c = (rlr_cursor *) cur;
	if (column == RLR_COL_REC) {
		sqlite3_result_int(ctx, c->row);
		return SQLITE_OK;
	}
	if (column == RLR_COL_BUF || column - 1 >= c->columns) {
		return SQLITE_OK; /* NULL */
	}
	const unsigned char *p = c->buf + c->offsets[column - 1];
	switch (*p) {
	case TAG_INT:
		sqlite3_result_int64(ctx, rd64(p + 1));
		break;
	case TAG_REAL: {
		int64_t bits = rd64(p + 1);
		double d;
		memcpy(&d, &bits, sizeof d);
		sqlite3_result_double(ctx, d);
		break;
	}
	case TAG_TEXT:
		sqlite3_result_text(ctx, (const char *) p + 5, (int) rd32(p + 1), SQLITE_STATIC);
		break;
	case TAG_BLOB:
		sqlite3_result_blob(ctx, p + 5, (int) rd32(p + 1), SQLITE_STATIC);
		break;
	default:
		break; /* NULL */
	}
	return SQLITE_OK;
}

static int rlr_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid) {
	*rowid = ((rlr_cursor *) cur)->row;
	return SQLITE_OK;
}

/* Needs the buf argument (an equality constraint on the hidden column); rows come in buffer order. */
static int rlr_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
	(void) vtab;
	for (int i = 0; i < info->nConstraint; i++) {
		const struct sqlite3_index_constraint *k = &info->aConstraint[i];
		if (k->iColumn == RLR_COL_BUF && k->op == SQLITE_INDEX_CONSTRAINT_EQ) {
			if (!k->usable) {
				return SQLITE_CONSTRAINT;
			}
			info->aConstraintUsage[i].argvIndex = 1;
			info->aConstraintUsage[i].omit = 1;
			info->idxNum = 1;
			info->estimatedCost = 1000;
			info->estimatedRows = 10000;
			return SQLITE_OK;
		}
	}
	info->idxNum = 0;
	info->estimatedCost = 1e12;
	info->estimatedRows = 0;
	return SQLITE_OK;
}

static sqlite3_module rlr_module = {
	.iVersion = 0,
	.xCreate = 0, /* eponymous only: a table-valued function, never CREATE VIRTUAL TABLE */
	.xConnect = rlr_connect,
	.xBestIndex = rlr_best_index,
	.xDisconnect = rlr_disconnect,
	.xDestroy = 0,
	.xOpen = rlr_open,
	.xClose = rlr_close,
	.xFilter = rlr_filter,
	.xNext = rlr_next,
	.xEof = rlr_eof,
	.xColumn = rlr_column,
	.xRowid = rlr_rowid,
};

/* rowlift_rows_format(): the buffer format this build reads, so Rowlift can check what it loaded. */
static void rlr_format(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
	(void) argc; (void) argv;
	sqlite3_result_int(ctx, RLR_FORMAT);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_rowliftrows_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
	(void) err;
	SQLITE_EXTENSION_INIT2(api);
	int rc = sqlite3_create_module(db, "rowlift_rows", &rlr_module, 0);
	if (rc == SQLITE_OK) {
		rc = sqlite3_create_function(db, "rowlift_rows_format", 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
				rlr_format, 0, 0);
	}
	return rc;
}
