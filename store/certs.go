package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Certs keeps what surveyor serve --domain obtains over ACME (certificates, their private keys, the ACME
// account's key) in the database rather than in a directory, so that every instance on one PostgreSQL
// database serves the same certificate, an instance started later needs none of its own, and a challenge
// answered through the cache (HTTP-01) can be served by whichever instance the CA's request reaches.
// The values are secrets: whoever reads the database or a backup of it can impersonate the site.
type Certs interface {
	// Cert returns the data stored under key, or an error wrapping ErrNotFound.
	Cert(ctx context.Context, key string) ([]byte, error)
	// PutCert stores data under key, replacing what was there.
	PutCert(ctx context.Context, key string, data []byte) error
	// DeleteCert removes key; a key that is not there is no error.
	DeleteCert(ctx context.Context, key string) error
}

// SQLCerts implements Certs on an SQLDB, in SQL both backends speak (their migrations create tls_certs).
type SQLCerts struct {
	DB SQLDB
	// Name prefixes errors ("sqlite", "postgres").
	Name string
}

var _ Certs = SQLCerts{}

func (c SQLCerts) wrap(op, key string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %s %q: %w", c.Name, op, key, err)
}

func (c SQLCerts) Cert(ctx context.Context, key string) ([]byte, error) {
	rows, done, err := c.DB.Query(ctx, `SELECT data FROM tls_certs WHERE key = ?`, key)
	if err != nil {
		return nil, c.wrap("tls cert", key, err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, c.wrap("tls cert", key, err)
		}
		return nil, c.wrap("tls cert", key, ErrNotFound)
	}
	var data []byte
	if err := rows.Scan(&data); err != nil {
		return nil, c.wrap("tls cert", key, err)
	}
	return data, nil
}

func (c SQLCerts) PutCert(ctx context.Context, key string, data []byte) error {
	if key == "" {
		return c.wrap("put tls cert", key, errors.New("empty key"))
	}
	_, err := c.DB.Exec(ctx, `INSERT INTO tls_certs (key, data, updated) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET data = excluded.data, updated = excluded.updated`, key, data, time.Now().UnixMicro())
	return c.wrap("put tls cert", key, err)
}

func (c SQLCerts) DeleteCert(ctx context.Context, key string) error {
	_, err := c.DB.Exec(ctx, `DELETE FROM tls_certs WHERE key = ?`, key)
	return c.wrap("delete tls cert", key, err)
}
