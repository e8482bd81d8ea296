import {
  acceptRecommendationSchema,
  clientRecommendationsSchema,
  priceProductsSchema,
  rejectRecommendationSchema,
  sendRecommendationSchema,
} from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import {
  acceptRecommendation,
  listClientRecommendations,
  priceProducts,
  rejectRecommendation,
  sendRecommendation,
} from './service';

const HEAD =
  'id, systemRef, status (SENT|ACCEPTED|REJECTED), requestSystemRef, intermediary:{id, intermediaryNames, profileImage}, note, rejectionReason|null, createdAt, decidedAt|null';

/**
 * Recommendations: the intermediary's priced products for a help request, and the client's answer.
 * `underwriting / quotation / getQuotationDetails` {id} (one recommendation) is registered with the
 * purchase actions, which already answer it for {systemQuotationRef}.
 */
export const recommendationActions = [
  defineAction({
    service: 'intermediary',
    resource: 'recommendation',
    action: 'priceProducts',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description:
      "Prices products for a request's vehicle value (the client's quote path, live product versions): {requestId, productSystemRefs:[…], coverPeriod? (days, 365), choices?:[{productSystemRef, additionalBenefits:[{benefitSystemRef, params:{limit}}], excesses:[{id, amount}]}]} → {requestId, vehicleValue (KES), coverPeriod, quotes:[{productSystemRef, ok:true, productVersion, quote (as productPremiumCalc)} | {productSystemRef, ok:false, message, errors}]}. Another firm's request answers 404.",
    input: priceProductsSchema,
    handler: ({ db, principal, input }) => priceProducts(db, principal!, input),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'recommendation',
    action: 'sendRecommendation',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description:
      "Sends the client one system quotation per item (priced on the server, purchase type 'recommendation', marked with the firm): {requestId, items:[{productSystemRef, additionalBenefits?, excesses?, coverPeriod (days), startDate}] (1–5, each product once), note} → {id, systemRef, status:'SENT', requestId, requestStatus:'QUOTED', reviewUrl, quotations:[{systemQuotationRef, productSystemRef, productName, underwriter, premium (KES), period, startDate, expiresAt}]}; the client is e-mailed /review/<id>. 409 'This request can no longer be quoted.' unless the request reads PENDING or IN_REVIEW (not EXPIRED, not SUSPENDED); a signed-out visitor's e-mail without an account gets a pending client account, completed by signing up with it; 409 CLIENT_UNAVAILABLE when the e-mail belongs to staff or a disabled client; 404 for another firm's request.",
    input: sendRecommendationSchema,
    handler: (context) => sendRecommendation(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'clientQuotationRequest',
    auth: 'client',
    description: `The client's received recommendations, newest first: {page?, pageSize?} → {items:[{${HEAD}, quotations:[{systemQuotationRef, productSystemRef, productName, underwriter, coverType, premium (KES), period, startDate, expiresAt, isExpired, accepted}]}], total, page, pageSize}.`,
    input: clientRecommendationsSchema,
    handler: ({ db, principal, input }) => listClientRecommendations(db, principal!.userId, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'acceptReccommendation',
    auth: 'client',
    description:
      "Accepts one quotation of a recommendation and invoices it: {id, systemQuotationRef} → {id, status:'ACCEPTED', systemQuotationRef, invoiceSystemRef, amount (KES), invoiceStatus}. Again for the accepted quotation: the same invoice. 409 for a rejected recommendation or another quotation of an accepted one; 409 QUOTATION_EXPIRED for an expired quotation (nothing changes); 404 for anyone else's.",
    input: acceptRecommendationSchema,
    handler: ({ db, principal, input, config }) =>
      acceptRecommendation(db, principal!, input, config.PUBLIC_BASE_URL),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'acceptOrRejectQuotationRequest',
    auth: 'client',
    description:
      "Rejects a recommendation with a reason the intermediary sees: {id, decision:'REJECT', reason (10–500 characters)} → the recommendation as getQuotationDetails (status REJECTED). 409 for an accepted or already rejected one; 404 for anyone else's. Accepting is acceptReccommendation.",
    input: rejectRecommendationSchema,
    handler: ({ db, principal, input, config }) =>
      rejectRecommendation(db, principal!, input, config.PUBLIC_BASE_URL),
  }),
];
