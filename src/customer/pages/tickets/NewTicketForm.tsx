import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ticketCreateSchema, type Ticket } from '../../../shared/api/tickets';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { TICKET_REASONS, TICKET_TEXT_MAX } from '../../../shared/domain/tickets/tickets';
import { apiErrors } from '../../../shared/http';
import { AttachmentPicker } from '../../../shared/ui/tickets';
import { UploadProgress } from '../../../shared/ui/UploadProgress';
import { fetchOrders } from '../../api/orders';
import { openTicket, useSending, useStoreTicket } from '../../api/tickets';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../paths';

/** How many recent orders the order list offers. */
const RECENT_ORDERS = 50;

interface OrderChoice {
  id: number;
  ref: string;
  status: OrderStatus | null;
}

/** The customer's recent confirmed orders, to name one in a ticket (and the prefilled one, if older). */
function useOrderChoices(prefilled: number | null) {
  return useQuery({
    queryKey: ['orders', 'list', 'ticket-choices'],
    queryFn: async (): Promise<OrderChoice[]> =>
      (await fetchOrders({ page: 1, per_page: RECENT_ORDERS })).data.map((o) => ({ id: o.id, ref: o.ref, status: o.status })),
    select: (orders) => (prefilled && !orders.some((o) => o.id === prefilled) ? [...orders, { id: prefilled, ref: '', status: null }] : orders),
  });
}

/**
 * A new ticket: what it is about, what happened, optionally which order, and photos or PDFs.
 * Sent as one message (multipart when files go with it), with its progress; then its page opens.
 */
export function NewTicketForm({ orderId, onCancel }: { orderId: number | null; onCancel: () => void }) {
  const navigate = useNavigate();
  const store = useStoreTicket();
  const sending = useSending();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const orders = useOrderChoices(orderId);
  const form = useZodForm({
    schema: ticketCreateSchema,
    initialValues: { reason: '', details: '', order_id: orderId ? String(orderId) : '' },
    onSubmit: async (input) => {
      setFileError(undefined);
      let ticket: Ticket;
      try {
        ticket = await sending.run((onProgress) => openTicket(input, files, onProgress));
      } catch (error) {
        const api = apiErrors(error);
        if (api?.errors.files) {
          setFileError(api.errors.files);
          // Shown beside the files: the form needs no other message unless a field has one too.
          if (Object.keys(api.errors).length === 1) return;
        }
        throw error;
      }
      await store(ticket);
      void navigate(route('tickets.view', { id: ticket.id }));
    },
  });
  const reason = form.field('reason');
  const order = form.field('order_id', 'Optional: the order it is about.');
  const details = form.field('details', 'What went wrong, and what you would like us to do.');

  return (
    <Paper variant="outlined" component="section" aria-labelledby="new-ticket-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="new-ticket-heading" variant="h3" component="h2" gutterBottom>
        New ticket
      </Typography>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextField select fullWidth margin="normal" required label="What is it about?" {...reason}>
            {TICKET_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField select fullWidth margin="normal" label="Order" {...order} disabled={orders.isPending}>
            <MenuItem value="">
              <em>No particular order</em>
            </MenuItem>
            {(orders.data ?? []).map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                #{o.id}
                {o.ref ? ` — ${o.ref}` : ''}
                {o.status ? ` (${ORDER_STATUS_NAMES[o.status]})` : ''}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          fullWidth
          multiline
          minRows={4}
          margin="normal"
          required
          label="Details"
          {...details}
          slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
        />
        <AttachmentPicker
          files={files}
          onChange={(next) => {
            setFiles(next);
            setFileError(undefined);
          }}
          error={fileError}
          disabled={form.submitting}
        />
        {sending.progress !== null && files.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <UploadProgress label="Sending the files" percent={sending.progress} />
          </Box>
        )}
        <FormAlerts error={form.formError} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SubmitButton submitting={form.submitting}>Open ticket</SubmitButton>
          <Button onClick={onCancel} disabled={form.submitting} sx={{ mt: 2 }}>
            Cancel
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
