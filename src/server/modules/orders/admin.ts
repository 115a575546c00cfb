import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { staffOnly } from '../../lib/auth';
import { restResource } from '../../lib/rest-list';

/**
 * Staff orders at /api/admin/orders (DESIGN §3): read-only for now — the list with status, customer
 * and total, and one order with its items, history and the customer. Status moves, notes and
 * tracking come with the staff orders issue.
 */
const ordersAdmin: FastifyPluginAsync<AppDeps> = async (app, { db, staffOrders }) => {
  app.addHook('onRequest', staffOnly);
  restResource(app, db, { name: 'orders', record: staffOrders.recordSchema, list: staffOrders.list, findOne: staffOrders.get });
};

export default ordersAdmin;
