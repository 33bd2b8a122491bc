-- The audit log names its target as it was when the admin acted (issue 27): a user's name, a listing's model, so
-- the page reads "Ayesha Khan" rather than a raw id, and a deleted user or a removed listing keeps its name there.
ALTER TABLE audit_log ADD COLUMN target_name TEXT;
UPDATE audit_log SET target_name = (SELECT name FROM users WHERE users.id = audit_log.target)
WHERE action LIKE 'user.%';
UPDATE audit_log SET target_name = (SELECT mobile_name FROM reports WHERE reports.id = audit_log.target)
WHERE action LIKE 'report.%';
UPDATE audit_log SET target_name = (SELECT title FROM mobiles WHERE mobiles.id = audit_log.target)
WHERE action = 'imei.confirm-model';
-- the reading of a reported conversation was recorded by the conversation's id; it is the report's from now on
UPDATE audit_log SET target_name = (SELECT title FROM mobiles WHERE mobiles.id =
  (SELECT mobile_id FROM conversations WHERE conversations.id = audit_log.target))
WHERE action = 'conversation.read';
