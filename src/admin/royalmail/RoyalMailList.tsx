import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DataTable, List, TopToolbar } from 'react-admin';
import type { RoyalMailOrder } from '../../shared/api/staff-production';
import { formatDay } from '../../shared/domain/calendar/workingDays';
import { PACKAGE_SIZE_NAMES } from '../../shared/domain/delivery/royalmail';
import { EmptyState } from '../common/EmptyState';
import { OrderNumber } from '../orders/fields';
import { BlindDispatchChip, DeliveryNoteButton } from '../orders/BlindDispatch';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { useRowCheckboxLabels } from '../common/useRowCheckboxLabels';
import { RoyalMailBulkActions, RoyalMailDialogsHost } from './RoyalMailActions';
import { TrackingImportButton } from './TrackingImport';
import { useRoyalMailStatus } from './useRoyalMailStatus';

const Column = DataTable.Col<RoyalMailOrder>;

/** What the page is for, and whether orders can be sent to Click & Drop from here. */
function Setup() {
  const { data: status, isError } = useRoyalMailStatus();
  if (isError) return <Alert severity="warning">Could not read whether Click & Drop is set up. Reload the page to try again.</Alert>;
  if (!status) return null;
  return (
    <Alert severity={status.push_enabled ? 'success' : 'info'} sx={{ mb: 1 }}>
      {status.push_enabled
        ? 'Click & Drop is connected: select orders and send them, and their tracking numbers come back here.'
        : 'Click & Drop is not connected (ROYALMAIL_API_KEY is not set): export the selected orders as a CSV, import it in Click & Drop, then import its tracking numbers here.'}
    </Alert>
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <TrackingImportButton />
    </TopToolbar>
  );
}

const Empty = () => (
  <Box>
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <TrackingImportButton />
    </Box>
    <EmptyState title="Nothing waiting for Royal Mail">
      Orders appear here when they are in Processing (printed in a batch) and go by a Royal Mail service. Courier and collection orders are dispatched from the
      orders page.
    </EmptyState>
  </Box>
);

function Tracking({ order }: { order: RoyalMailOrder }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{order.tracking_number ?? '—'}</span>
      {order.royalmail_order_id ? <Chip size="small" variant="outlined" label={`Click & Drop #${order.royalmail_order_id}`} /> : null}
    </Stack>
  );
}

/**
 * /admin/royalmail: Processing orders going by Royal Mail, with weight, package format and service.
 * Select orders to export them for Click & Drop, send them to its API, or mark them Dispatched;
 * import tracking numbers from a file. The table scrolls inside its box on a phone, never the page.
 */
export function RoyalMailList() {
  const labelled = useRowCheckboxLabels<HTMLDivElement>();
  return (
    <>
      {/* Above the list, not in it: the bulk toolbar slides over whatever is just above the table. */}
      <Box sx={{ pt: 2 }}>
        <Setup />
      </Box>
      <List
        title={<StaffTitle page="Royal Mail" />}
        pagination={<StaffPagination />}
        actions={<Actions />}
        sort={{ field: 'dispatch_due', order: 'ASC' }}
        perPage={50}
        storeKey={false}
        empty={<Empty />}
        exporter={false}
      >
        <RoyalMailDialogsHost>
          {/* width 0 + min-width 100%: the box takes the card's width, not the table's. The table scrolls
            inside its own wrapper: the bulk toolbar above it slides up out of the box, so the box cannot clip. */}
          <Box ref={labelled} sx={{ width: 0, minWidth: '100%' }}>
            <DataTable
              rowClick={false}
              bulkActionButtons={<RoyalMailBulkActions />}
              sx={{
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
                // The recipient keeps a readable width: on a phone the order and its recipient show side by side, the rest scrolls.
                '& .RaDataTable-table': { minWidth: 900 },
                '& td.column-id': { maxWidth: 96, overflowWrap: 'anywhere' },
                '& th.column-id': { whiteSpace: 'nowrap' },
                '& .column-recipient': { minWidth: 184, maxWidth: 260 },
              }}
            >
              <Column source="id" label="Order" render={(order) => <OrderNumber order={order} linked />} />
              <Column
                source="recipient"
                label="Recipient"
                disableSort
                render={(order) => `${order.recipient || order.customer}, ${order.postcode} ${order.country_code}`}
              />
              <Column source="weight" label="Weight" disableSort align="right" render={(order) => `${order.weight.toLocaleString('en-GB')} g`} />
              <Column source="package_size" label="Package" disableSort render={(order) => PACKAGE_SIZE_NAMES[order.package_size]} />
              <Column source="service_code" label="Service" disableSort render={(order) => <span title={order.service_name}>{order.service_code}</span>} />
              <Column source="dispatch_due" label="Dispatch" render={(order) => (order.dispatch_due ? formatDay(order.dispatch_due) : '—')} />
              <Column source="tracking_number" label="Tracking" disableSort render={(order) => <Tracking order={order} />} />
              <Column
                source="blind_dispatch"
                label="Blind dispatch"
                disableSort
                render={(order) =>
                  order.blind_dispatch ? (
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <BlindDispatchChip />
                      <DeliveryNoteButton orderId={order.id} />
                    </Stack>
                  ) : (
                    '—'
                  )
                }
              />
            </DataTable>
          </Box>
        </RoyalMailDialogsHost>
      </List>
    </>
  );
}
