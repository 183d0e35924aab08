-- surveyor:expand
-- What surveyor serve --domain obtains over ACME: certificates with their keys, the ACME account's key
-- (store/certs.go), shared by every instance. updated is Unix microseconds.
CREATE TABLE tls_certs (
    key     TEXT PRIMARY KEY,
    data    BYTEA NOT NULL,
    updated BIGINT NOT NULL
);
