-- ADR 0078: proofs still waiting when their report closed are settled as not_needed, with how it
-- closed; the overdue alerts the sweep raised for them are resolved. Proofs a withdrawal used to mark
-- "rejected" (nobody reviewed them) become not_needed too.
UPDATE "verification_items" AS v
SET "status" = 'not_needed',
	"reviewed_at" = coalesce(r."resolved_at", now()),
	"rejection_reason" = CASE r."status"
		WHEN 'rejected' THEN 'Not needed: the report was rejected.'
		WHEN 'withdrawn' THEN 'Not needed: the report was withdrawn by the estate owner.'
		ELSE 'Not needed: the report was verified without it.'
	END
FROM "estate_reports" AS r
WHERE r."id" = v."report_id" AND r."status" <> 'open' AND v."status" = 'pending';
--> statement-breakpoint
UPDATE "verification_items"
SET "status" = 'not_needed', "rejection_reason" = 'Not needed: the report was withdrawn by the estate owner.'
WHERE "status" = 'rejected' AND "reviewed_by" IS NULL AND "rejection_reason" = 'The report was withdrawn by the estate owner.';
--> statement-breakpoint
UPDATE "estate_alerts" AS a
SET "status" = 'resolved', "updated_at" = now()
FROM "verification_items" AS v
WHERE a."dedupe_key" = 'timeout:' || v."id" AND v."status" = 'not_needed' AND a."status" <> 'resolved';
