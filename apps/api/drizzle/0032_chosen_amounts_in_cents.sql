-- Issue 26: a quotation's chosen excesses and benefit limits were kept in whole shillings
-- ({id, amount}, {benefitSystemRef, limit}) while claims read them as cents (a KES 50,000 excess
-- deducted KES 500). They are now cents under names that say so: {id, amountCents}, {benefitSystemRef, limitCents}.
-- First the claims not yet approved that took a chosen excess's shillings as cents: their excess in cents.
UPDATE "claims" SET "excess" = "claims"."excess" * 100
FROM "policies" AS "p", "quotations" AS "q", jsonb_array_elements("q"."excesses") AS "chosen"("line")
WHERE "p"."id" = "claims"."policy_id" AND "q"."id" = "p"."quotation_id"
	AND "claims"."status" IN ('REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT')
	AND "chosen"."line" ? 'amount'
	AND "chosen"."line"->>'id' = CASE "claims"."type"
		WHEN 'accident' THEN 'collision' WHEN 'fire' THEN 'collision' WHEN 'third_party_property' THEN 'collision'
		WHEN 'theft' THEN 'theft' WHEN 'windscreen' THEN 'windscreen' END
	AND ("chosen"."line"->>'amount')::numeric = "claims"."excess";--> statement-breakpoint
UPDATE "quotations" SET "excesses" = (
	SELECT coalesce(jsonb_agg(CASE WHEN "e"."line" ? 'amount'
		THEN ("e"."line" - 'amount') || jsonb_build_object('amountCents', round(("e"."line"->>'amount')::numeric * 100)::bigint)
		ELSE "e"."line" END ORDER BY "e"."ord"), '[]'::jsonb)
	FROM jsonb_array_elements("quotations"."excesses") WITH ORDINALITY AS "e"("line", "ord"))
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("quotations"."excesses") AS "x"("line") WHERE "x"."line" ? 'amount');--> statement-breakpoint
UPDATE "quotations" SET "selected_benefits" = (
	SELECT coalesce(jsonb_agg(CASE WHEN "b"."line" ? 'limit'
		THEN ("b"."line" - 'limit') || jsonb_build_object('limitCents', round(("b"."line"->>'limit')::numeric * 100)::bigint)
		ELSE "b"."line" END ORDER BY "b"."ord"), '[]'::jsonb)
	FROM jsonb_array_elements("quotations"."selected_benefits") WITH ORDINALITY AS "b"("line", "ord"))
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("quotations"."selected_benefits") AS "x"("line") WHERE "x"."line" ? 'limit');
