import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CreateBase, DateInput, DeleteButton, EditBase, SaveButton, TextInput, useNotify } from 'react-admin';
import type { ClosedDayRecord } from '../../../shared/api';
import { StaleRecordNotice } from '../../common/StaleRecordNotice';
import { StaffForm } from '../../common/StaffForm';
import { ukDay } from './days';

const RESOURCE = 'delivery/closed-days';
const TITLE_ID = 'closed-day-dialog-title';

function Inputs() {
  return (
    <>
      <DateInput source="date" label="Date" isRequired helperText="Weekends are closed anyway: add the weekdays the works is closed." />
      <TextInput source="name" label="Name" isRequired helperText="E.g. Christmas Day, Works shutdown" />
    </>
  );
}

function DialogFrame({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <StaffForm>
      <DialogTitle id={TITLE_ID}>{title}</DialogTitle>
      <DialogContent>
        <StaleRecordNotice />
        {children}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
    </StaffForm>
  );
}

/**
 * Adds (id `new`) or edits one closed day in place, over the list: the list is the only screen
 * of closed days. Saves wait for the server, so a date already closed shows its 422 beside Date.
 */
export function ClosedDayDialog({ id, onClose }: { id: number | 'new' | null; onClose: () => void }) {
  const notify = useNotify();
  const saved = (day: ClosedDayRecord) => {
    notify(`${day.name} (${ukDay(day.date)}) has been saved.`, { type: 'info' });
    onClose();
  };
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID}>
      {id === 'new' ? (
        <CreateBase<ClosedDayRecord> resource={RESOURCE} redirect={false} mutationOptions={{ onSuccess: saved }} record={{ date: '', name: '' }}>
          <DialogFrame
            title="Add a closed day"
            actions={
              <>
                <Button onClick={onClose}>Cancel</Button>
                <SaveButton label="Add" alwaysEnable />
              </>
            }
          >
            <Inputs />
          </DialogFrame>
        </CreateBase>
      ) : id !== null ? (
        <EditBase<ClosedDayRecord> id={id} resource={RESOURCE} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: saved }}>
          <DialogFrame
            title="Edit closed day"
            actions={
              <>
                <DeleteButton
                  mutationMode="pessimistic"
                  redirect={false}
                  confirmTitle="Delete this closed day?"
                  confirmContent="It becomes a working day again for dispatch and delivery dates."
                  mutationOptions={{ onSuccess: () => onClose() }}
                />
                <Box sx={{ flex: 1 }} />
                <Button onClick={onClose}>Cancel</Button>
                <SaveButton />
              </>
            }
          >
            <Inputs />
          </DialogFrame>
        </EditBase>
      ) : null}
    </Dialog>
  );
}
