import Chip from '@mui/material/Chip';
import type { ButtonProps } from '@mui/material/Button';
import { useDataProvider } from 'react-admin';
import { SaveFileButton } from '../../shared/ui/download';
import type { StaffDataProvider } from '../dataProvider';

/** Marks an order that goes under the customer's name: no branding of ours in the parcel, their delivery note in it. */
export function BlindDispatchChip() {
  return <Chip size="small" color="secondary" label="Blind dispatch" title="No printer branding in the parcel; the customer's delivery note goes in" />;
}

/** Saves a blind order's delivery note, to print and put in the parcel. */
export function DeliveryNoteButton({ orderId, ...button }: { orderId: number } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <SaveFileButton
      {...button}
      fetchFile={() => dataProvider.deliveryNotePdf(orderId)}
      name={`${orderId}-delivery-note.pdf`}
      aria-label={`Delivery note of order ${orderId}`}
    >
      Delivery note
    </SaveFileButton>
  );
}
