package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/surveyor-game/surveyor/store"
)

// The accounts store (store.Accounts) runs the shared SQL of store.SQLAccounts on the writer connection
// for changes and on the readers for queries.

var (
	_ store.Accounts = (*Store)(nil)
	_ store.Certs    = (*Store)(nil)
)

// accountsDB adapts the store's connections, or one transaction of the writer, to store.SQLDB.
type accountsDB struct {
	w, r *sql.DB
	tx   *sql.Tx
}

func uniqueViolation(err error) error {
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return fmt.Errorf("%v: %w", err, store.ErrExists)
	}
	return err
}

func (d accountsDB) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if d.tx != nil {
		res, err = d.tx.ExecContext(ctx, query, args...)
	} else {
		res, err = d.w.ExecContext(ctx, query, args...)
	}
	if err != nil {
		return 0, uniqueViolation(err)
	}
	return res.RowsAffected()
}

func (d accountsDB) Query(ctx context.Context, query string, args ...any) (store.Rows, func(), error) {
	var rows *sql.Rows
	var err error
	if d.tx != nil {
		rows, err = d.tx.QueryContext(ctx, query, args...)
	} else {
		rows, err = d.r.QueryContext(ctx, query, args...)
	}
	if err != nil {
		return nil, nil, err
	}
	return rows, func() { rows.Close() }, nil
}

func (d accountsDB) Tx(ctx context.Context, fn func(store.SQLDB) error) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(accountsDB{tx: tx}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
