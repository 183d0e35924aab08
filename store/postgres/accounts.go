package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/surveyor-game/surveyor/store"
)

// The accounts store (store.Accounts) runs the shared SQL of store.SQLAccounts on the pool, its ?
// placeholders numbered as PostgreSQL wants them.

var (
	_ store.Accounts = (*Store)(nil)
	_ store.Certs    = (*Store)(nil)
)

// querier is what the pool and a transaction share.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type accountsDB struct {
	pool *pgxpool.Pool
	q    querier
}

// numbered turns each ? of a statement into $1, $2...: the shared SQL has no ? elsewhere.
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (d accountsDB) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := d.q.Exec(ctx, numbered(query), args...)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return 0, fmt.Errorf("%v: %w", err, store.ErrExists)
	}
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (d accountsDB) Query(ctx context.Context, query string, args ...any) (store.Rows, func(), error) {
	rows, err := d.q.Query(ctx, numbered(query), args...)
	if err != nil {
		return nil, nil, err
	}
	return rows, rows.Close, nil
}

func (d accountsDB) Tx(ctx context.Context, fn func(store.SQLDB) error) error {
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error { return fn(accountsDB{pool: d.pool, q: tx}) })
}
