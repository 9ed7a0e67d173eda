-- What each person's ledger accounts (a teacher's earnings, reservations and tax withheld: the accounts with an
-- owner) moved per day, so a balance or a statement's count reads a few rows a day instead of every entry. A row
-- is the sum and count of the account's entries of one currency, one local day in Vietnam (UTC+7 all year: days
-- since 1970-01-01 of `created_at` + 7 h) and one transaction kind. The ledger posts the entries and adds them
-- to these rows in one transaction, so the rows always equal the entries; the entries stay the truth.
create table ledger_day_sums (
    account_code text not null,
    currency text not null,
    day bigint not null,
    kind text not null,
    amount bigint not null,
    entries bigint not null,
    primary key (account_code, currency, day, kind)
);

insert into ledger_day_sums (account_code, currency, day, kind, amount, entries)
    select e.account_code, e.currency, (e.created_at + 25200000) / 86400000, t.kind, sum(e.amount), count(*)
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join ledger_accounts a on a.code = e.account_code
    where a.owner_id is not null
    group by e.account_code, e.currency, (e.created_at + 25200000) / 86400000, t.kind;
