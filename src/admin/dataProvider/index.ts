import type { DataProvider } from 'react-admin';
import { accountsCalls, type AccountsCalls } from './accounts';
import { batchesCalls, type BatchesCalls } from './batches';
import { catalogueCalls, type CatalogueCalls } from './catalogue';
import { companiesCalls, type CompaniesCalls } from './companies';
import { invoicesCalls, type InvoicesCalls } from './invoices';
import { mailCalls, type MailCalls } from './mail';
import { ordersCalls, type OrdersCalls } from './orders';
import { proofsCalls, type ProofsCalls } from './proofs';
import { reportsCalls, type ReportsCalls } from './reports';
import { royalMailCalls, type RoyalMailCalls } from './royalMail';
import { standardCalls } from './standard';
import { ticketsCalls, type TicketsCalls } from './tickets';
import { usersCalls, type UsersCalls } from './users';

export type { ReorderableResource } from './catalogue';

/**
 * The staff area's one way to the API: react-admin's CRUD plus the calls beyond it, one file per
 * domain, as marmelab's atomic-crm extends its dataProvider. Components reach the custom methods
 * through `useDataProvider<StaffDataProvider>()` with react-query's useQuery / useMutation; each
 * answers the server's record(s) as they are, and fails with the same HttpError as the CRUD calls.
 */
export interface StaffDataProvider
  extends
    DataProvider,
    CatalogueCalls,
    UsersCalls,
    MailCalls,
    OrdersCalls,
    BatchesCalls,
    InvoicesCalls,
    RoyalMailCalls,
    TicketsCalls,
    AccountsCalls,
    ProofsCalls,
    ReportsCalls,
    CompaniesCalls {}

/** The staff area's dataProvider: ra-data-simple-rest and the custom calls, all on the shared axios client (DESIGN §1). */
export const dataProvider: StaffDataProvider = {
  ...standardCalls,
  ...catalogueCalls,
  ...usersCalls,
  ...mailCalls,
  ...ordersCalls,
  ...proofsCalls,
  ...batchesCalls,
  ...invoicesCalls,
  ...royalMailCalls,
  ...ticketsCalls,
  ...accountsCalls,
  ...reportsCalls,
  ...companiesCalls,
};
