import TableViewIcon from '@mui/icons-material/TableView';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import type { StaffUser } from '../../../shared/api';
import { ActionDialogButtons } from '../../common/ActionDialogButtons';
import { followLink } from '../../common/followLink';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';
import { FailureAlert } from '../../../shared/ui/FailureAlert';
import { DateInput } from '../../../shared/ui/DateInput';

type Which = 'all' | 'dispatched';

/**
 * "Export to Excel" on a user's Orders tab: all their orders or only the dispatched ones, between
 * two optional days (the day each was confirmed). Export asks for a one-minute link and lets the
 * browser follow it: the spreadsheet downloads with the browser's own progress, and a script never
 * holds it. What the server refuses shows beside the field it is about.
 */
export function ExportOrdersButton({ user }: { user: Pick<StaffUser, 'id' | 'firstname' | 'lastname' | 'company_name'> }) {
  const id = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [open, setOpen] = useState(false);
  const [which, setWhich] = useState<Which>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const openDialog = () => {
    setErrors({});
    setFailure(null);
    setOpen(true);
  };
  const close = () => {
    if (!busy) setOpen(false);
  };

  async function exportOrders(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const { url } = await dataProvider.ordersExportLink(user.id, { dispatched: which === 'dispatched', from: from || undefined, to: to || undefined });
      setOpen(false);
      followLink(url);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(error, 'The spreadsheet could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const who = user.company_name || `${user.firstname} ${user.lastname}`.trim();
  const titleId = `${id}-title`;
  const whichId = `${id}-which`;
  const whichHelpId = `${id}-which-help`;
  return (
    <>
      <Button variant="outlined" startIcon={<TableViewIcon />} onClick={openDialog} aria-haspopup="dialog">
        Export to Excel
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={phone} aria-labelledby={titleId}>
        <form onSubmit={exportOrders} noValidate>
          <DialogTitle id={titleId}>Export {who}’s orders to Excel</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                A spreadsheet with a row for each item of their orders: the order’s number, dates, reference and status, the item, its price, and the order’s
                delivery, VAT and total. Leave the days empty for every order.
              </DialogContentText>
              <FailureAlert failure={failure} />
              <FormControl error={!!errors.dispatched} disabled={busy}>
                <FormLabel id={whichId}>Which orders</FormLabel>
                <RadioGroup
                  aria-labelledby={whichId}
                  aria-describedby={errors.dispatched ? whichHelpId : undefined}
                  name="dispatched"
                  value={which}
                  onChange={(e) => setWhich(e.target.value as Which)}
                >
                  <FormControlLabel value="all" control={<Radio />} label="All orders" />
                  <FormControlLabel value="dispatched" control={<Radio />} label="Dispatched only" />
                </RadioGroup>
                {errors.dispatched ? <FormHelperText id={whichHelpId}>{errors.dispatched}</FormHelperText> : null}
              </FormControl>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <DateInput
                  type="date"
                  name="from"
                  label="From (confirmed on or after)"
                  value={from}
                  onChange={setFrom}
                  disabled={busy}
                  error={errors.from}
                  helperText=" "
                  fullWidth
                />
                <DateInput
                  type="date"
                  name="to"
                  label="To (confirmed on or before)"
                  value={to}
                  onChange={setTo}
                  disabled={busy}
                  error={errors.to}
                  helperText=" "
                  fullWidth
                />
              </Stack>
            </Stack>
          </DialogContent>
          <ActionDialogButtons done={false} busy={busy} onClose={close} confirm={busy ? 'Preparing…' : 'Export'} />
        </form>
      </Dialog>
    </>
  );
}
