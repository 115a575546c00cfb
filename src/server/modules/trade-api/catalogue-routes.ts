import { tradeProductListSchema } from '../../../shared/api/trade-catalogue';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';
import type { TradeCatalogue } from './catalogue';

/** `GET /api/v1/products`: what the key's account may order, priced for it. */
const tradeCatalogueRoutes = tradeApiRoutes<{ catalogue: TradeCatalogue }>((app, { catalogue }) => {
  app.get(
    '/api/v1/products',
    {
      schema: {
        summary: 'The products you may order',
        description:
          'Every product your account may order (products only some accounts may order included when yours is one), with its trim size and bleed, its papers (`stocks`) and the quantities offered on each with their prices after your discount, its finishing options and its turnarounds. An item of a quote or an order names a product, one of its stocks, one of that stock’s quantities, `sides` and `orientation`, and optionally `option_ids` and a `turnaround_id` from here. The prices are for reading: POST /quotes answers the exact, binding price of a choice. A test key sees the same catalogue and prices as a live one.',
        response: { 200: tradeProductListSchema },
      },
    },
    async (request) => catalogue.products(tradeCaller(request).user),
  );
});

export default tradeCatalogueRoutes;
