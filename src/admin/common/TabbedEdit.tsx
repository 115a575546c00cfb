import type { ReactElement } from 'react';
import { Edit, useCreatePath, useRecordContext, useResourceContext, type EditProps } from 'react-admin';
import { RoutedTabs, type RoutedTab } from './RoutedTabs';

function RecordTabs({ label, tabs }: { label: string; tabs: readonly RoutedTab[] }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return null;
  return <RoutedTabs label={label} base={createPath({ type: 'edit', resource, id: record.id })} tabs={tabs} />;
}

/**
 * A record's page in tabbed parts, each part an address below the record's own
 * (/admin/users/5/logo). Saves wait for the server, so its 422 messages reach the inputs.
 */
export function TabbedEdit({ title, label, tabs, sx }: { title: ReactElement; label: string; tabs: readonly RoutedTab[]; sx?: EditProps['sx'] }) {
  return (
    // No minimum width for the card: a wide part (a table) scrolls in its own box, not the page (375 px).
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={false}
      actions={false}
      sx={[{ '& .RaEdit-main, & .RaEdit-card': { minWidth: 0 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <RecordTabs label={label} tabs={tabs} />
    </Edit>
  );
}
