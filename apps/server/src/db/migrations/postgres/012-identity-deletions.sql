-- A deleted user's identity account, still to be removed (modules/users/service.ts deleteUser): the database
-- decides the deletion first, in the transaction that deletes the user row, and the identity service is told
-- second; a failure or a crash in between leaves the row here for the reconcile job (src/jobs.ts) to finish.
-- While it is here, no sign-in with that identity makes a record again.
CREATE TABLE identity_deletions (
  user_id TEXT PRIMARY KEY,
  firebase_uid TEXT,
  email CITEXT NOT NULL,
  requested_at TEXT NOT NULL
);
CREATE INDEX identity_deletions_by_uid ON identity_deletions (firebase_uid);
CREATE INDEX identity_deletions_by_email ON identity_deletions (email);
