import { tradeAccountSchema } from '../../../shared/api/trade-api';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';

/** `GET /api/v1/account`: the first call of an integration, to see that the key works and which account and mode it opens. */
const tradeAccountRoutes = tradeApiRoutes((app) => {
  app.get('/api/v1/account', { schema: { summary: 'The account of this key', response: { 200: tradeAccountSchema } } }, async (request) => {
    const { user, company, mode } = tradeCaller(request);
    return { id: user.id, company_name: company.name, email: user.email, mode, payment_terms: company.paymentTerms as 'account' | 'card' };
  });
});

export default tradeAccountRoutes;
