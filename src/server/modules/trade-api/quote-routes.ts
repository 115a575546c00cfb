import { z } from 'zod';
import type { Quote } from '../../../shared/api/quotes';
import { idParam } from '../../../shared/api/common';
import { tradeQuoteRequestSchema, tradeQuoteSchema, type TradeQuote } from '../../../shared/api/trade-catalogue';
import { orderTotals } from '../../../shared/domain/orders/totals';
import type { UserRow } from '../../db/schema';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';
import type { QuotesService } from '../quotes/service';

const quoteParams = z.object({ id: idParam('No such quote.') });

/** A saved quote as the trade API answers it: its lines, and every delivery service offered today with its dates and totals. */
export async function tradeQuote(quotes: QuotesService, user: UserRow, quote: Quote): Promise<TradeQuote> {
  const { offers, vatRate, country } = await quotes.deliveryOffers(user, quote);
  const prices = quote.items.map((i) => i.price);
  const options = offers
    .map((o) => ({
      id: o.type.id,
      name: o.type.name,
      carrier: o.type.carrier,
      price: o.price,
      dispatch_date: o.promise.dispatch,
      delivery_date: o.promise.delivery,
      totals: (({ total_net, total_vat, total }) => ({ net: total_net, vat: total_vat, total }))(orderTotals(prices, o.price, vatRate)),
    }))
    .sort((a, b) => a.price - b.price || a.id - b.id);
  return {
    id: quote.id,
    number: quote.number,
    created_at: quote.created_at,
    expires_at: quote.valid_until,
    expired: quote.expired,
    country,
    postcode: quote.address.postcode,
    items: quote.items.map((i) => ({
      product_id: i.product_id,
      product_name: i.product_name,
      stock_id: i.stock_id,
      stock_name: i.stock_name,
      qty: i.qty,
      sides: i.sides,
      orientation: i.orientation,
      option_ids: i.option_ids,
      turnaround_id: i.turnaround_id,
      options: i.options,
      turnaround: i.turnaround,
      price: i.price,
      proof_requested: i.proof_requested,
      proof_price: i.proof_price,
    })),
    items_net: prices.reduce((sum, p) => sum + p, 0),
    delivery_options: options,
    delivery_type_id: quote.delivery_type_id,
    totals: { net: quote.total_net, vat: quote.total_vat, total: quote.total },
  };
}

/** `POST /api/v1/quotes` and `GET /api/v1/quotes/{id}`: binding prices before ordering. */
const tradeQuoteRoutes = tradeApiRoutes<{ quotes: QuotesService }>((app, { quotes }) => {
  app.post(
    '/api/v1/quotes',
    {
      schema: {
        summary: 'Price items and save a binding quote',
        description:
          'Prices the items (as GET /products names them) for delivery to `country`, and saves the result as a quote numbered Q-…: its item prices hold until `expires_at` (a UK day, included) — an order placed with its `quote_id` by then pays them whatever our prices do meanwhile. `delivery_options` lists every service that takes the order’s weight to the country, cheapest first, with its price, dispatch and delivery dates and the totals with it; the quote’s own `totals` are with the cheapest. Delivery is charged at the rate of the day of the order. An item that cannot be ordered as named is a 422 naming the field (`items.0.qty`: the quantities offered are in the message). Quotes made with a test key are the same as live ones (nothing is ordered).',
        body: tradeQuoteRequestSchema,
        response: { 201: tradeQuoteSchema },
      },
    },
    async (request, reply) => {
      const { user } = tradeCaller(request);
      const quote = await quotes.fromItems(user, request.body);
      return reply.code(201).send(await tradeQuote(quotes, user, quote));
    },
  );

  app.get(
    '/api/v1/quotes/:id',
    {
      schema: {
        summary: 'A saved quote',
        description:
          'A quote of your account (made here or saved on the website), with its fixed item prices, whether it has expired, and the delivery services offered for it today. Another account’s quote is 404.',
        params: quoteParams,
        response: { 200: tradeQuoteSchema },
      },
    },
    async (request) => {
      const { user } = tradeCaller(request);
      return tradeQuote(quotes, user, await quotes.get(user, request.params.id));
    },
  );
});

export default tradeQuoteRoutes;
