import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing/format';
import { SaveFileButton } from '../../../shared/ui/download';
import { visuallyHidden } from '../../../shared/ui/visuallyHidden';
import { fetchInvoicePdf, fetchStatement, useInvoices } from '../../api/invoices';
import { ListFooter, ListSearch } from '../../components/ListControls';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { ListStates } from '../../components/QueryStates';
import { DateInput } from '../../../shared/ui/DateInput';
import { INVOICE_STATE_LABELS, type InvoiceState } from '../../../shared/domain/payments/invoice-state';
import { AccountStatement } from './AccountStatement';

/** Each state's chip colour: paid is done, overdue needs paying now. */
const STATE_COLOURS: Record<InvoiceState, 'success' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  part_paid: 'warning',
  overdue: 'error',
  unpaid: 'default',
};

function StateChip({ state }: { state: InvoiceState }) {
  return <Chip size="small" color={STATE_COLOURS[state]} variant={state === 'unpaid' ? 'outlined' : 'filled'} label={INVOICE_STATE_LABELS[state]} />;
}

const PER_PAGE = 20;
/** This month, as a month input wants it (UK time is near enough for a default). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A month's statement: the month, and its PDF. */
function Statement() {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="statement-heading" sx={{ p: 2, mt: 3 }}>
      <Typography id="statement-heading" variant="h3" component="h2" gutterBottom>
        Monthly statement
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The month&rsquo;s invoices with their totals, for your accounts.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <DateInput size="small" type="month" label="Month" value={month} onChange={setMonth} error={valid ? undefined : 'Choose a month'} />
        <SaveFileButton variant="outlined" fetchFile={() => fetchStatement(month)} name={`statement-${month}.pdf`} disabled={!valid}>
          Download statement
        </SaveFileButton>
      </Stack>
    </Paper>
  );
}

/** /invoices: the customer's invoices — raised when an order is dispatched, or added by us — to search and download. */
export default function InvoicesPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const unpaid = search.get('unpaid') === '1';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const invoices = useInvoices({ q: q || undefined, unpaid: unpaid ? '1' : undefined, page, per_page: PER_PAGE });
  /** The search and the filter as the address keeps them (a new search or filter starts at page 1). */
  const params = (next: { q?: string; unpaid?: boolean; page?: number }) => {
    const words = next.q ?? q;
    const owing = next.unpaid ?? unpaid;
    return { ...(words ? { q: words } : {}), ...(owing ? { unpaid: '1' } : {}), ...(next.page ? { page: String(next.page) } : {}) };
  };

  return (
    <PageFrame intro={q ? `Searching for “${q}”` : 'Your invoices, to view and download. An invoice is raised when an order is dispatched.'}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        <Box sx={{ flex: '1 1 16rem' }}>
          <ListSearch key={q} label="Invoice or order number" initial={q} onSearch={(words) => setSearch(params({ q: words }))} />
        </Box>
        <FormControlLabel control={<Switch checked={unpaid} onChange={(_e, on) => setSearch(params({ unpaid: on }))} />} label="Unpaid only" />
      </Stack>
      <ListStates
        query={invoices}
        loading="Loading your invoices…"
        what="Your invoices"
        empty={
          q
            ? `No ${unpaid ? 'unpaid ' : ''}invoice matches “${q}”.`
            : unpaid
              ? 'Nothing to pay: every invoice is paid.'
              : 'You have no invoices yet: each order’s invoice appears here when it is dispatched.'
        }
        back={q || unpaid ? { to: route('invoices.index'), label: unpaid && !q ? 'Show every invoice' : 'Clear the search' } : undefined}
      >
        {(found) => (
          <>
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Your invoices">
                <TableHead>
                  <TableRow>
                    <TableCell>Invoice</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Order</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      Total
                    </TableCell>
                    <TableCell align="right">Balance</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Download
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {found.data.map((invoice) => (
                    <TableRow key={invoice.id} hover>
                      <TableCell>
                        <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
                          {invoice.number}
                        </Box>
                        {invoice.source === 'uploaded' ? <Chip size="small" variant="outlined" label="From our accounts" sx={{ ml: 1 }} /> : null}
                        <Box sx={{ mt: 0.5 }}>
                          <StateChip state={invoice.state} />
                          {invoice.state === 'paid' ? null : (
                            <Typography
                              component="span"
                              variant="body2"
                              color={invoice.state === 'overdue' ? 'error' : 'text.secondary'}
                              sx={{ ml: 1, whiteSpace: 'nowrap' }}
                            >
                              due {formatDay(invoice.due_date)}
                            </Typography>
                          )}
                        </Box>
                        {/* On a phone the date goes under the number, its column hidden. */}
                        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                          {formatDay(invoice.date)}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(invoice.date)}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {invoice.order_id ? (
                          <Link component={RouterLink} to={route('orders.view', { id: invoice.order_id })}>
                            #{invoice.order_id}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {formatPence(invoice.total)}
                      </TableCell>
                      <TableCell align="right">{formatPence(Math.max(0, invoice.balance))}</TableCell>
                      <TableCell>
                        <SaveFileButton
                          fetchFile={() => fetchInvoicePdf(invoice.id)}
                          name={`${invoice.number}.pdf`}
                          aria-label={`PDF of invoice ${invoice.number}`}
                        >
                          PDF
                        </SaveFileButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
            <ListFooter total={found.total} noun="invoice" page={page} perPage={PER_PAGE} onPage={(next) => setSearch(params({ page: next }))} />
          </>
        )}
      </ListStates>
      <AccountStatement />
      <Statement />
    </PageFrame>
  );
}
