-- Issue 26: a quotation's breakdown (the quote kept with it) was stored in whole shillings, the
-- API's form; it is now cents like every other stored amount, marked {"unit": "cents"}. Each amount
-- is multiplied by 100: vehicleValue, basicPremium, excessDiscount, subtotal, totalCharges, total,
-- each benefit's limit and premium, each charge's amount (and a fixed charge's rate), each excess's
-- amount and discount, and a rated quote's basicDetail (groups' sumInsured and premium,
-- minimumApplied, perUnit amounts). Rates stay fractions. Quotations made before excess discounts
-- get excessDiscount 0 and each excess discount 0, as they were priced. Rows marked are left alone.
UPDATE "quotations" SET "breakdown" = "quotations"."breakdown" || jsonb_build_object(
	'unit', 'cents',
	'vehicleValue', round(("quotations"."breakdown"->>'vehicleValue')::numeric * 100)::bigint,
	'basicPremium', round(("quotations"."breakdown"->>'basicPremium')::numeric * 100)::bigint,
	'excessDiscount', round(coalesce(("quotations"."breakdown"->>'excessDiscount')::numeric, 0) * 100)::bigint,
	'subtotal', round(("quotations"."breakdown"->>'subtotal')::numeric * 100)::bigint,
	'totalCharges', round(("quotations"."breakdown"->>'totalCharges')::numeric * 100)::bigint,
	'total', round(("quotations"."breakdown"->>'total')::numeric * 100)::bigint,
	'benefits', (SELECT coalesce(jsonb_agg("b"."line" || jsonb_build_object(
			'limit', round(("b"."line"->>'limit')::numeric * 100)::bigint,
			'premium', round(("b"."line"->>'premium')::numeric * 100)::bigint) ORDER BY "b"."ord"), '[]'::jsonb)
		FROM jsonb_array_elements(coalesce("quotations"."breakdown"->'benefits', '[]'::jsonb)) WITH ORDINALITY AS "b"("line", "ord")),
	'charges', (SELECT coalesce(jsonb_agg("c"."line" || CASE WHEN "c"."line"->>'charge_type' = 'Percentage'
			THEN jsonb_build_object('amount', round(("c"."line"->>'amount')::numeric * 100)::bigint)
			ELSE jsonb_build_object('amount', round(("c"."line"->>'amount')::numeric * 100)::bigint,
				'rate', round(("c"."line"->>'rate')::numeric * 100)::bigint) END ORDER BY "c"."ord"), '[]'::jsonb)
		FROM jsonb_array_elements(coalesce("quotations"."breakdown"->'charges', '[]'::jsonb)) WITH ORDINALITY AS "c"("line", "ord")),
	'excesses', (SELECT coalesce(jsonb_agg("e"."line" || jsonb_build_object(
			'amount', round(("e"."line"->>'amount')::numeric * 100)::bigint,
			'discount', round(coalesce(("e"."line"->>'discount')::numeric, 0) * 100)::bigint) ORDER BY "e"."ord"), '[]'::jsonb)
		FROM jsonb_array_elements(coalesce("quotations"."breakdown"->'excesses', '[]'::jsonb)) WITH ORDINALITY AS "e"("line", "ord"))
) || CASE WHEN jsonb_typeof("quotations"."breakdown"->'basicDetail') = 'object' THEN jsonb_build_object('basicDetail',
	("quotations"."breakdown"->'basicDetail') || jsonb_build_object(
		'groups', (SELECT coalesce(jsonb_agg("g"."line" || jsonb_build_object(
				'sumInsured', round(("g"."line"->>'sumInsured')::numeric * 100)::bigint,
				'premium', round(("g"."line"->>'premium')::numeric * 100)::bigint) ORDER BY "g"."ord"), '[]'::jsonb)
			FROM jsonb_array_elements(coalesce("quotations"."breakdown"->'basicDetail'->'groups', '[]'::jsonb)) WITH ORDINALITY AS "g"("line", "ord")),
		'minimumApplied', CASE WHEN jsonb_typeof("quotations"."breakdown"->'basicDetail'->'minimumApplied') = 'number'
			THEN to_jsonb(round(("quotations"."breakdown"->'basicDetail'->>'minimumApplied')::numeric * 100)::bigint)
			ELSE 'null'::jsonb END,
		'perUnit', (SELECT coalesce(jsonb_agg("u"."line" || jsonb_build_object(
				'amount', round(("u"."line"->>'amount')::numeric * 100)::bigint) ORDER BY "u"."ord"), '[]'::jsonb)
			FROM jsonb_array_elements(coalesce("quotations"."breakdown"->'basicDetail'->'perUnit', '[]'::jsonb)) WITH ORDINALITY AS "u"("line", "ord"))))
	ELSE '{}'::jsonb END
WHERE NOT ("quotations"."breakdown" ? 'unit');
