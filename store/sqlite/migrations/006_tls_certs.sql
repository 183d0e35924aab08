-- surveyor:expand
-- What surveyor serve --domain obtains over ACME: certificates with their keys, the ACME account's key
-- (store/certs.go). updated is Unix microseconds.
CREATE TABLE tls_certs (
    key     TEXT PRIMARY KEY,
    data    BLOB NOT NULL,
    updated INTEGER NOT NULL
);
