import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { DataTable, List, SearchInput, SimpleList, TopToolbar, type Identifier } from 'react-admin';
import type { ClosedDayRecord } from '../../../shared/api';
import { EmptyState } from '../../common/EmptyState';
import { StaffPagination } from '../../common/StaffPagination';
import { StaffTitle } from '../../common/StaffTitle';
import { ClosedDayDialog } from './ClosedDayDialog';
import { isWeekend, ukDay, yearFilter } from './days';
import { YearFilter } from './YearFilter';

const Column = DataTable.Col<ClosedDayRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name" />, <YearFilter key="year" source="year" alwaysOn />];

const Weekend = () => <Chip size="small" variant="outlined" label="Weekend" />;

const Empty = ({ onAdd }: { onAdd: () => void }) => (
  <EmptyState title="No closed days">
    Days the works is closed besides weekends (bank holidays, a shutdown) are not working days: dispatch and delivery dates skip them. The bank holidays of
    England and Wales are added for this year and the next two.{' '}
    <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
      Add a closed day
    </Button>
  </EmptyState>
);

/** /admin/delivery/closed-days: the days the works is closed, by date, a year at a time; each added or edited in a dialog. */
export function ClosedDayList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const open = (id: Identifier) => {
    setEditing(Number(id));
    return false as const; // handled here: no navigation
  };
  const add = () => setEditing('new');
  return (
    <>
      <List
        resource="delivery/closed-days"
        filters={filters}
        filterDefaultValues={yearFilter(new Date().getFullYear())}
        sort={{ field: 'date', order: 'ASC' }}
        perPage={50}
        pagination={<StaffPagination />}
        title={<StaffTitle page="Closed days" />}
        actions={
          <TopToolbar>
            <Button size="small" startIcon={<AddIcon />} onClick={add}>
              Add a closed day
            </Button>
          </TopToolbar>
        }
        empty={<Empty onAdd={add} />}
        exporter={false}
      >
        {narrow ? (
          <SimpleList<ClosedDayRecord>
            primaryText={(d) => d.name}
            secondaryText={(d) => ukDay(d.date)}
            tertiaryText={(d) => (isWeekend(d.date) ? 'Weekend' : '')}
            rowClick={open}
          />
        ) : (
          <DataTable rowClick={open} bulkActionButtons={false}>
            <Column
              source="date"
              label="Date"
              render={(d) => (
                <>
                  {ukDay(d.date)} {isWeekend(d.date) ? <Weekend /> : null}
                </>
              )}
            />
            <Column source="name" label="Name" />
          </DataTable>
        )}
      </List>
      <ClosedDayDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
}
