-- What a form's claim was sent with (a hash of its fields), so the same key sent with
-- other values is told apart from a form sent twice.
ALTER TABLE "FormSubmission" ADD COLUMN "fingerprint" TEXT;
