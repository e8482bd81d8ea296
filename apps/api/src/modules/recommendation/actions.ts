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
      "Prices products for a request's vehicle value (the client's quote path, live product versions), each with the add-ons the client asked for; a product that cannot be priced answers ok:false with why. Another firm's request answers 404.",
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
      "Sends the client one system quotation per item (1–5, each product once; priced on the server, purchase type 'recommendation', marked with the firm); the client is e-mailed /review/<id>. 409 'This request can no longer be quoted.' unless the request reads PENDING or IN_REVIEW (not EXPIRED, not SUSPENDED); a signed-out visitor's e-mail without an account gets a pending client account, completed by signing up with it; 409 CLIENT_UNAVAILABLE when the e-mail belongs to staff or a disabled client; 404 for another firm's request.",
    input: sendRecommendationSchema,
    handler: (context) => sendRecommendation(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'clientQuotationRequest',
    auth: 'client',
    description: "The client's received recommendations, newest first, each with its quotations in brief.",
    input: clientRecommendationsSchema,
    handler: ({ db, principal, input }) => listClientRecommendations(db, principal!.userId, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'acceptReccommendation',
    auth: 'client',
    description:
      "Accepts one quotation of a recommendation and invoices it, answering the invoice. Again for the accepted quotation: the same invoice. 409 for a rejected recommendation or another quotation of an accepted one; 409 QUOTATION_EXPIRED for an expired quotation (nothing changes); 404 for anyone else's.",
    input: acceptRecommendationSchema,
    handler: ({ db, principal, input, config, services, log }) =>
      acceptRecommendation(db, principal!, input, config.PUBLIC_BASE_URL, {
        dmvic: services.dmvic.client,
        log,
      }),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'acceptOrRejectQuotationRequest',
    auth: 'client',
    description:
      "Rejects a recommendation with a reason the intermediary sees (10–500 characters), answering the recommendation as getQuotationDetails (status REJECTED). 409 for an accepted or already rejected one; 404 for anyone else's. Accepting is acceptReccommendation.",
    input: rejectRecommendationSchema,
    handler: ({ db, principal, input, config }) =>
      rejectRecommendation(db, principal!, input, config.PUBLIC_BASE_URL),
  }),
];
