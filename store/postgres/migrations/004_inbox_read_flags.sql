-- Each inbox note is read or unread by itself (it was one mark per account, every note up to an id read):
-- a player's notes about one table are read when the player opens that table, and a new turn note replaces
-- the unread one of the same table. The old mark is carried over.
ALTER TABLE inbox ADD COLUMN is_read INTEGER NOT NULL DEFAULT 0;
UPDATE inbox SET is_read = 1
    WHERE id <= COALESCE((SELECT upto FROM inbox_read WHERE inbox_read.user_id = inbox.user_id), 0);
DROP TABLE inbox_read;
-- The unread notes of an account and of one of its tables (the bell's count, the reads and replacements).
CREATE INDEX inbox_unread ON inbox (user_id, game_id) WHERE is_read = 0;
