import { memo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { formatPence } from '../../../shared/domain/pricing/format';

/*
 * The item's proof (DESIGN §2 "Proofs and templates"): the customer asks for a proof to approve
 * before printing, forced on for a product that requires one, with why.
 */

/** What a proof costs, for people: "free", or "£5.00"; null when the setting could not be read. */
export const proofPriceText = (pence: number | null): string | null => (pence === null ? null : pence === 0 ? 'free' : formatPence(pence));

interface ProofCheckboxProps {
  id: string;
  checked: boolean;
  /** The product requires a proof of every item: shown ticked and fixed, with the reason. */
  required: boolean;
  productName: string;
  /** PROOF_PRICE in pence (null while unknown). */
  price: number | null;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}

/** "Send me a proof before printing" with its price and why; the server's 422 beside it. */
export const ProofCheckbox = memo(function ProofCheckbox({ id, checked, required, productName, price, error, onChange }: ProofCheckboxProps) {
  const priceText = proofPriceText(price);
  const helpId = `${id}-proof-help`;
  return (
    <FormControl margin="dense" error={error !== undefined} fullWidth>
      <FormControlLabel
        control={
          <Checkbox
            id={`${id}-proof`}
            checked={checked || required}
            // It cannot be turned off for a product that requires it: the line below says why.
            disabled={required}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={
          <span>
            Send me a proof before printing{priceText && <span data-testid="proof-price">{priceText === 'free' ? ' — free' : ` — ${priceText}`}</span>}
          </span>
        }
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {error ??
          (required
            ? `${productName} always come with a proof: we print only once you have approved it.`
            : 'A PDF of your artwork with its trim, bleed and safe area marked: we print only once you have approved it.')}
      </FormHelperText>
    </FormControl>
  );
});
