import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BooleanInput, DataTable, List, TopToolbar, useDataProvider, useListContext } from 'react-admin';
import type { AgedDebtRow } from '../../shared/api/statements';
import { AGED_DEBT_BUCKETS, AGED_DEBT_LABELS } from '../../shared/domain/payments/statement';
import { formatPence } from '../../shared/domain/pricing/format';
import { SaveFileButton } from '../../shared/ui/download';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { searchFilter } from '../common/searchFilter';
import type { StaffDataProvider } from '../dataProvider';
import { ukToday } from '../../shared/domain/orders/overdue';
import { staffUrl } from '../staffAreas';

const Column = DataTable.Col<AgedDebtRow>;

const agedDebtFilters = [
  searchFilter('Search customers', 'Search by name, company or e-mail', 260),
  <BooleanInput key="on_hold" source="on_hold" label="On hold only" alwaysOn />,
];

/** The CSV of what the list shows (its search and sort), for the accountant. */
function AgedDebtActions() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { filterValues, sort } = useListContext();
  const q = typeof filterValues.q === 'string' ? filterValues.q : undefined;
  const onHold = filterValues.on_hold === true;
  return (
    <TopToolbar>
      <SaveFileButton
        startIcon={<DownloadIcon />}
        fetchFile={() => dataProvider.agedDebtCsv({ q, onHold, sort: [sort.field, sort.order] })}
        name={`aged-debt-${ukToday()}.csv`}
      >
        Download CSV
      </SaveFileButton>
    </TopToolbar>
  );
}

/** /admin/aged-debt: who owes what today and since when (days past due), most owed first, and who is held by credit control and why. */
export function AgedDebtList() {
  return (
    <List
      title={<StaffTitle page="Aged debt" />}
      filters={agedDebtFilters}
      actions={<AgedDebtActions />}
      pagination={<StaffPagination />}
      sort={{ field: 'total', order: 'DESC' }}
      empty={<EmptyState title="Nobody owes anything">Customers appear here while an invoice of theirs is unpaid or they hold credit.</EmptyState>}
    >
      {/* The table scrolls inside its card on a phone; the page itself never scrolls sideways. */}
      <Box sx={{ width: 0, minWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column
            source="name"
            label="Customer"
            render={(r) => (
              <Link component={RouterLink} to={staffUrl(`users/${r.id}`)}>
                {r.name}
              </Link>
            )}
          />
          <Column source="company" label="Company" render={(r) => r.company || '—'} />
          {AGED_DEBT_BUCKETS.map((bucket) => (
            <Column key={bucket} source={bucket} label={AGED_DEBT_LABELS[bucket]} align="right" render={(r) => formatPence(r[bucket])} />
          ))}
          <Column source="total" label="Total owed" align="right" render={(r) => <strong>{formatPence(r.total)}</strong>} />
          <Column source="credit" label="Credit" align="right" render={(r) => formatPence(r.credit)} />
          <Column
            source="on_hold_reason"
            label="On hold"
            disableSort
            render={(r) =>
              r.on_hold_reason ? (
                <Typography variant="body2" color="warning.main" sx={{ minWidth: 180 }}>
                  {r.on_hold_reason}
                </Typography>
              ) : (
                '—'
              )
            }
          />
        </DataTable>
      </Box>
    </List>
  );
}
