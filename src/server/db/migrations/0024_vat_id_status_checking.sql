-- VAT IDs saved before VIES checks (stored as 'unverified', form only) are checked now: 'checking'
-- pays VAT until VIES answers, and the job's start-up sweep asks VIES about each (decision 033).
UPDATE "billing_details" SET "vat_id_status" = 'checking' WHERE "vat_id_status" = 'unverified';
