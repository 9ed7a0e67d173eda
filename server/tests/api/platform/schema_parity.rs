//! The SQLite and PostgreSQL migrations are written twice; this test keeps them describing one schema: the same
//! tables, the same columns (name, nullability, kind) and the same indexes (by their columns).
//!
//! Runs in the PostgreSQL pass of the suite, where both engines are at hand (the SQLite database is a temp file).

use std::collections::{BTreeMap, BTreeSet};

use academy_server::platform::db::{self, Backend};
use sqlx::{AnyPool, Row as _};

use crate::helpers::{backend, postgres_database};

/// Each engine's own text-search machinery, the one intended difference: SQLite's FTS5 table (with the shadow
/// tables SQLite keeps for it) and PostgreSQL's trigram index over the same column.
const SQLITE_ONLY_TABLES: &[&str] = &["courses_fts"];
const POSTGRES_ONLY_INDEXES: &[&str] = &["courses_search_trgm_idx"];

/// A column as both engines can describe it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Column {
    name: String,
    nullable: bool,
    kind: Kind,
}

/// The kind of value a column holds, across the two engines' type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Text,
    Integer,
    Float,
    Bytes,
    Other,
}

impl Kind {
    fn of(type_name: &str) -> Kind {
        let t = type_name.to_ascii_lowercase();
        if t.contains("char") || t.contains("text") || t.contains("clob") {
            Kind::Text
        } else if t.contains("int") || t == "serial" || t == "bigserial" {
            Kind::Integer
        } else if t.contains("real") || t.contains("double") || t.contains("float") || t.contains("numeric") {
            Kind::Float
        } else if t.contains("blob") || t == "bytea" {
            Kind::Bytes
        } else {
            Kind::Other
        }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Schema {
    /// Table → its columns, sorted by name.
    tables: BTreeMap<String, BTreeSet<Column>>,
    /// Index → (table, its columns in order, unique).
    indexes: BTreeMap<String, (String, Vec<String>, bool)>,
}

#[tokio::test]
async fn sqlite_and_postgres_migrations_give_the_same_tables_columns_and_indexes() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on the SQLite pass: the comparison needs PostgreSQL too and runs in the PostgreSQL pass");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let sqlite_url = format!("sqlite://{}?mode=rwc", dir.path().join("parity.db").display());
    let (sqlite, _) = db::connect(&sqlite_url, Default::default()).await.expect("SQLite migrated");
    let (postgres, _) = db::connect(&postgres_database().await, Default::default()).await.expect("PostgreSQL migrated");

    let sqlite = sqlite_schema(&sqlite).await;
    let postgres = postgres_schema(&postgres).await;

    assert!(sqlite.tables.len() > 10, "the SQLite schema was read: {:?}", sqlite.tables.keys());
    let sqlite_tables: BTreeSet<_> = sqlite.tables.keys().collect();
    let postgres_tables: BTreeSet<_> = postgres.tables.keys().collect();
    assert_eq!(sqlite_tables, postgres_tables, "the same tables");
    for (table, columns) in &sqlite.tables {
        assert_eq!(Some(columns), postgres.tables.get(table), "the columns of {table}");
    }
    assert_eq!(sqlite.indexes, postgres.indexes, "the same indexes on the same columns");
}

async fn sqlite_schema(pool: &AnyPool) -> Schema {
    let mut schema = Schema::default();
    let tables = names(
        pool,
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' \
         and name not like '\\_sqlx%' escape '\\'",
    )
    .await;
    let shadow = |name: &str| SQLITE_ONLY_TABLES.iter().any(|t| name == *t || name.starts_with(&format!("{t}_")));
    for table in tables.into_iter().filter(|t| !shadow(t)) {
        let rows = sqlx::query(&format!("select name, type, \"notnull\", pk from pragma_table_info('{table}')"))
            .fetch_all(pool)
            .await
            .expect("columns read");
        let columns = rows
            .iter()
            .map(|r| {
                let pk: i64 = r.get(3);
                let not_null: i64 = r.get(2);
                Column { name: r.get(0), nullable: not_null == 0 && pk == 0, kind: Kind::of(&r.get::<String, _>(1)) }
            })
            .collect();
        let indexes = sqlx::query(&format!(
            "select name, \"unique\" from pragma_index_list('{table}') where origin = 'c' and name not like 'sqlite_%'"
        ))
        .fetch_all(pool)
        .await
        .expect("indexes read");
        for index in indexes {
            let name: String = index.get(0);
            let unique: i64 = index.get(1);
            let columns = names(
                pool,
                &format!("select coalesce(name, '<expr>') from pragma_index_info('{name}') order by seqno"),
            )
            .await;
            schema.indexes.insert(name, (table.clone(), columns, unique == 1));
        }
        schema.tables.insert(table, columns);
    }
    schema
}

async fn postgres_schema(pool: &AnyPool) -> Schema {
    let mut schema = Schema::default();
    let rows = sqlx::query(
        "select table_name::text, column_name::text, is_nullable::text, data_type::text \
         from information_schema.columns where table_schema = 'public' and table_name not like '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .expect("columns read");
    for r in rows {
        let table: String = r.get(0);
        let nullable = r.get::<String, _>(2) == "YES";
        let column = Column { name: r.get(1), nullable, kind: Kind::of(&r.get::<String, _>(3)) };
        schema.tables.entry(table).or_default().insert(column);
    }
    // Indexes made by a constraint (primary keys, `unique` in a column definition) are left out, as on SQLite
    // (origin 'c' there means "made by create index").
    let rows = sqlx::query(
        "select i.relname::text, t.relname::text, ix.indisunique, \
                array_to_string(array(select coalesce(a.attname::text, '<expr>') from unnest(ix.indkey) with ordinality k(attnum, n) \
                    left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n), ',') \
         from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid \
         join pg_namespace ns on ns.oid = t.relnamespace \
         where ns.nspname = 'public' and not exists (select 1 from pg_constraint c \
             where c.conindid = ix.indexrelid and c.conrelid = t.oid and c.contype in ('p', 'u', 'x'))",
    )
    .fetch_all(pool)
    .await
    .expect("indexes read");
    for r in rows {
        let name: String = r.get(0);
        if POSTGRES_ONLY_INDEXES.contains(&name.as_str()) {
            continue;
        }
        let columns: String = r.get(3);
        let columns = columns.split(',').filter(|c| !c.is_empty()).map(str::to_owned).collect();
        schema.indexes.insert(name, (r.get(1), columns, r.get::<bool, _>(2)));
    }
    schema
}

async fn names(pool: &AnyPool, sql: &str) -> Vec<String> {
    sqlx::query_scalar(sql).fetch_all(pool).await.expect("names read")
}
