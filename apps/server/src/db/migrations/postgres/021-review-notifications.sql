-- Reviews tell people (issue 24): a review of you was written, both reviews of a deal are published, your review
-- was hidden by an admin. The contract's NotificationKind gains review_received, review_published and
-- review_hidden, beside the kinds 020 added.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'booking', 'card_held',
  'deal_expiring', 'handover_completed', 'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed',
  'report_resolved', 'seller_verified', 'review_received', 'review_published', 'review_hidden'));
