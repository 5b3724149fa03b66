/* store_schema.c - schema versioning for every back-end: the numbered
 * migrations, the version checks and their messages. The back-end says
 * where the version lives (PRAGMA user_version, a benchdb_meta table) and
 * how it locks; the order and the refusals are decided here once. */
#include "store_internal.h"
#include "store_admin.h"

#include <stdio.h>

int bdb_store_schema_number(const char *name)
{
    int n = 0;
    for (int i = 0; i < 3 && name[i] >= '0' && name[i] <= '9'; i++)
        n = n * 10 + (name[i] - '0');
    return n;
}

int bdb_store_schema_latest(const bdb_embedded_file *schemas)
{
    int v = 0;
    for (const bdb_embedded_file *f = schemas; f->name; f++)
        if (bdb_store_schema_number(f->name) > v)
            v = bdb_store_schema_number(f->name);
    return v;
}

int bdb_store_schema_version(void)
{
    return bdb_store_schema_latest(bdb_embedded_schemas);
}

int bdb_store_schema_version_of(const bdb_store *st)
{
    if (st && st->ops == &bdb_store_pg_ops)
        return bdb_store_schema_latest(bdb_embedded_pg_schemas);
    return bdb_store_schema_version();
}

static int newer(bdb_diag *diag, int have, int latest)
{
    return bdb_diag_set(diag, BDB_EVERSION, 0,
                        "database schema version %d is newer than this "
                        "benchdb understands (%d); use a newer benchdb",
                        have, latest);
}

int bdb_store_migrate(bdb_store *st, const bdb_migrator *m, bdb_diag *diag)
{
    int latest = bdb_store_schema_latest(m->schemas), have = 0;
    if (m->get_version(st, &have))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    if (have > latest)
        return newer(diag, have, latest);
    if (have == latest)
        return BDB_OK;
    if (m->begin(st))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    int rc = m->get_version(st, &have);  /* another process may have
                                             migrated before our lock */
    if (!rc && have > latest) {
        m->end(st, 0);
        return newer(diag, have, latest);
    }
    for (const bdb_embedded_file *f = m->schemas; !rc && f->name; f++) {
        if (bdb_store_schema_number(f->name) <= have)
            continue;
        char why[sizeof st->errmsg];
        rc = m->exec(st, f->data);
        if (rc) {
            snprintf(why, sizeof why, "%s", st->errmsg);
            bdb_store_fail(st, BDB_ESTORE, "applying schema %s: %s", f->name,
                           why);
        }
    }
    if (!rc && have < latest)
        rc = m->set_version(st, latest);
    if (!rc)
        rc = m->end(st, 1);
    else
        m->end(st, 0);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s", st->errmsg);
    return BDB_OK;
}

int bdb_store_check_schema(bdb_store *st, const bdb_migrator *m,
                           bdb_diag *diag)
{
    int latest = bdb_store_schema_latest(m->schemas), have = 0;
    if (m->get_version(st, &have))
        return bdb_diag_set(diag, BDB_ESTORE, 0, "%s", st->errmsg);
    if (have == 0)
        return bdb_diag_set(diag, BDB_ESTORE, 0, "not a benchdb database "
                            "(run `benchdb init` to make one)");
    if (have > latest)
        return newer(diag, have, latest);
    if (have < latest)
        return bdb_diag_set(diag, BDB_EVERSION, 0,
                            "database schema version %d is older than this "
                            "benchdb's (%d); run `benchdb init` to upgrade it",
                            have, latest);
    return BDB_OK;
}
