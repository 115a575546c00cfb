import type { ReactNode } from 'react';
import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/** Save on the left, a confirmed delete on the right; the delete waits for the server's answer. */
export function SaveDeleteToolbar({ confirmTitle, confirmContent }: { confirmTitle: string; confirmContent: ReactNode }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={confirmTitle} confirmContent={confirmContent} />
    </Toolbar>
  );
}
