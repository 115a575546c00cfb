import type { ReactElement, ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, SimpleList, TopToolbar, useCreatePath, useResourceContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StaffList } from '../common/StaffList';
import { ReorderButtons } from './ReorderButtons';

interface ReorderableListProps<RecordType> {
  title: string;
  /** The create button's words, e.g. "Add stock". */
  createLabel: string;
  filters: ReactElement[];
  /** What a phone shows under the name: the list is too wide for a table there. */
  secondaryText: (record: RecordType) => ReactNode;
  tertiaryText: (record: RecordType) => ReactNode;
  /** The table's columns after the "Order" column of move buttons. */
  children: ReactNode;
}

/**
 * The add button as a button in the toolbar on every width: react-admin's CreateButton turns into a
 * floating button on phones, over the last row and past the window's edge.
 */
function AddButton({ label }: { label: string }) {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!resource) return null;
  return (
    <Button component={RouterLink} to={createPath({ resource, type: 'create' })} label={label}>
      <AddIcon />
    </Button>
  );
}

/**
 * A catalogue list kept in the printer's own order (stock, products): one page in that order,
 * with move-up and move-down buttons on wide screens and a simple list of names on phones.
 */
export function ReorderableList<RecordType extends { id: string | number; name: string }>({
  title,
  createLabel,
  filters,
  secondaryText,
  tertiaryText,
  children,
}: ReorderableListProps<RecordType>) {
  const phone = <SimpleList<RecordType> primaryText={(record) => record.name} secondaryText={secondaryText} tertiaryText={tertiaryText} rowClick="edit" />;
  const actions = (
    <TopToolbar>
      <AddButton label={createLabel} />
    </TopToolbar>
  );
  return (
    <StaffList page={title} filters={filters} sort={{ field: 'sort_order', order: 'ASC' }} perPage={100} actions={actions} phone={phone}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="sort_order" label="Order">
          <ReorderButtons />
        </DataTable.Col>
        {children}
      </DataTable>
    </StaffList>
  );
}
