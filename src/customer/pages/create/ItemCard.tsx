import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Item } from '../../../shared/api/orders';
import type { OrderableProduct, PriceList } from '../../../shared/api/prices';
import { useFetchArtworkFromUrl, useRemoveArtwork, useRemoveItem, useUpdateItem, useUploadArtwork } from '../../api/orders';
import { ArtworkFile, ArtworkPreview, ConfirmDialog, ItemSummary, itemLine, PreflightResult } from '../orders/orderItemViews';
import { errorText } from '../../components/QueryStates';
import { apiErrors } from '../../../shared/http';
import { choiceOf, ItemForm } from './ItemForm';
import { TemplateLinks } from '../../components/TemplateLinks';
import { formatPence } from '../../../shared/domain/pricing/format';
import { UploadProgress } from '../../../shared/ui/UploadProgress';
import { useFocusFallback } from '../../components/useFocusFallback';

/**
 * Choose a PDF (a real button for the keyboard; the file input is hidden behind it) and send it with
 * progress. The button stays enabled and in place while the file goes and is checked (a second
 * choice waits), so keyboard focus stays on it throughout.
 */
export const ArtworkUpload = forwardRef<HTMLButtonElement, { orderId: number; item: Item; label: string }>(function ArtworkUpload(
  { orderId, item, label },
  ref,
) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadArtwork(orderId, item.id);
  const id = useId();
  return (
    <Box sx={{ my: 1 }}>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label={`${label} for ${item.product_name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file && !upload.isPending) upload.mutate(file);
        }}
      />
      <Button
        ref={ref}
        variant={item.artwork ? 'outlined' : 'contained'}
        onClick={() => {
          if (!upload.isPending) input.current?.click();
        }}
        aria-disabled={upload.isPending || undefined}
      >
        {label}
      </Button>
      {upload.progress !== null && <UploadProgress label={`Uploading the artwork for ${item.product_name}`} percent={upload.progress} sx={{ mt: 1 }} />}
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(upload.error, 'The upload failed. Please try again.')}
        </Alert>
      )}
    </Box>
  );
});

/**
 * "Or fetch from a link": the address of the PDF, fetched by the server. While it is fetched the
 * order is polled (as while artwork is checked) and a progress bar shows; a refused address (422)
 * or a failed fetch shows its reason beside the field. The artwork in place stays until the fetched
 * file replaces it.
 */
export function ArtworkFromLink({ orderId, item }: { orderId: number; item: Item }) {
  // A failed link is offered again for correcting.
  const [url, setUrl] = useState(item.artwork_fetch?.status === 'failed' ? item.artwork_fetch.url : '');
  const request = useFetchArtworkFromUrl(orderId, item.id);
  const id = useId();
  const state = item.artwork_fetch;
  const fetching = state?.status === 'fetching';
  const refused = request.isError ? (apiErrors(request.error)?.errors.artwork_url ?? errorText(request.error)) : null;
  const failed = !request.isError && state?.status === 'failed' ? `Could not fetch ${state.url}: ${state.error ?? 'please try again.'}` : null;
  const busy = request.isPending || fetching;
  return (
    <Box
      component="form"
      noValidate
      sx={{ mt: 1, maxWidth: 640 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) request.mutate(url.trim(), { onSuccess: () => setUrl('') });
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id={id}
          size="small"
          type="url"
          label="Or fetch from a link"
          placeholder="https://example.com/artwork.pdf"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(refused ?? failed)}
          helperText={refused ?? failed ?? (fetching ? `Fetching ${state?.url}…` : 'A public link to the PDF (http or https), fetched by us.')}
          slotProps={{
            htmlInput: { 'aria-label': `Link to the artwork PDF for ${item.product_name}`, maxLength: 2000, inputMode: 'url', autoComplete: 'url' },
          }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="outlined" aria-disabled={busy || undefined} sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-start' } }}>
          {fetching ? 'Fetching…' : 'Fetch'}
        </Button>
      </Stack>
      {fetching && <LinearProgress aria-label={`Fetching the artwork for ${item.product_name}`} sx={{ mt: 1 }} />}
    </Box>
  );
}

interface ItemCardProps {
  orderId: number;
  item: Item;
  index: number;
  products: OrderableProduct[];
  prices: PriceList | undefined;
  /** Set once, for the item just added: its heading takes focus (the form it came from is reset). */
  focusOnArrival?: boolean;
  onArrived?: () => void;
}

/** One item of a basket: what it is and costs, edit/remove, and its artwork with the preflight result. */
export function ItemCard({ orderId, item, index, products, prices, focusOnArrival, onArrived }: ItemCardProps) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateItem(orderId);
  /** The acceptance being saved, shown until the saved item replaces it. */
  const [acceptance, setAcceptance] = useState<boolean | null>(null);
  const remove = useRemoveItem(orderId);
  const removeArtwork = useRemoveArtwork(orderId);
  const headingId = useId();
  const status = item.artwork?.preflight.status;
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  // Removed artwork: its buttons go, the upload button stays. Anything else: the heading.
  useFocusFallback(card, () => uploadButton.current ?? heading.current);

  useEffect(() => {
    if (!focusOnArrival) return;
    heading.current?.focus();
    onArrived?.();
  }, [focusOnArrival, onArrived]);

  const stopEditing = () => {
    setEditing(false);
    // The form goes; focus goes back to the button that opened it once it is back.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <Paper ref={card} component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} aria-labelledby={headingId}>
      <ItemSummary item={item} index={index} headingId={headingId} headingRef={heading} />
      {item.proof_requested && (
        <Typography variant="body2" color="text.secondary" data-testid="item-proof">
          {item.proof_price
            ? `With a proof to approve before printing: includes proof ${formatPence(item.proof_price)}`
            : 'With a proof to approve before printing. Proof: free'}
        </Typography>
      )}
      {item.unavailable && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {item.unavailable} Change the item or remove it.
        </Alert>
      )}
      {item.quote && (
        // Ordered from a saved quote: its price holds through the quote's last day; after it, today's does (said plainly).
        <Alert severity={item.quote.holds ? 'info' : 'warning'} sx={{ my: 1 }}>
          {item.quote.note}
        </Alert>
      )}
      {editing ? (
        <ItemForm
          products={products}
          prices={prices}
          initial={choiceOf(item)}
          submitLabel="Save item"
          autoFocus
          onCancel={stopEditing}
          onSubmit={async (input) => {
            await update.mutateAsync({ itemId: item.id, ...input });
            stopEditing();
          }}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ my: 1 }}>
          <Button ref={editButton} size="small" onClick={() => setEditing(true)} aria-label={`Edit item ${index + 1}`}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => setRemoving(true)} aria-label={`Remove item ${index + 1}`}>
            Remove
          </Button>
        </Stack>
      )}

      <Typography variant="h5" component="h4" sx={{ mt: 2 }}>
        Artwork
      </Typography>
      <Typography variant="body2" color="text.secondary">
        One PDF, {item.sides === 'double' ? '2 pages (front and back)' : '1 page'}, {item.trim.width_mm + 2 * item.trim.bleed_mm}×
        {item.trim.height_mm + 2 * item.trim.bleed_mm} mm: the finished size {item.trim.width_mm}×{item.trim.height_mm} mm with {item.trim.bleed_mm} mm bleed.
      </Typography>
      <TemplateLinks productId={item.product_id} productName={item.product_name} first={item.orientation} />
      {item.artwork && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <ArtworkPreview orderId={orderId} item={item} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ArtworkFile orderId={orderId} item={item} />
            <PreflightResult item={item} />
            {status === 'warn' && (
              <FormControlLabel
                control={
                  <Checkbox
                    // The choice shows at once (set in the click itself), while it is being saved;
                    // not disabled meanwhile, which would drop keyboard focus.
                    checked={acceptance ?? item.warnings_accepted}
                    onChange={(event) => {
                      if (update.isPending) return;
                      const accepted = event.target.checked;
                      setAcceptance(accepted);
                      update.mutate({ itemId: item.id, warnings_accepted: accepted }, { onSettled: () => setAcceptance(null) });
                    }}
                  />
                }
                label="I accept these warnings"
              />
            )}
            {update.isError && !editing && (
              <Alert severity="error" sx={{ my: 1 }}>
                {errorText(update.error)}
              </Alert>
            )}
          </Box>
        </Stack>
      )}
      {/* One upload button in one place whether or not there is artwork yet: focus stays on it while the file is checked. */}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ArtworkUpload
          ref={uploadButton}
          orderId={orderId}
          item={item}
          label={!item.artwork ? 'Upload PDF' : status === 'fail' ? 'Replace with a corrected PDF' : 'Replace artwork'}
        />
        {item.artwork && (
          <Button
            size="small"
            color="error"
            onClick={() => !removeArtwork.isPending && removeArtwork.mutate(item.id)}
            aria-label={`Remove artwork of item ${index + 1}`}
          >
            Remove artwork
          </Button>
        )}
      </Stack>
      <ArtworkFromLink orderId={orderId} item={item} />
      {removeArtwork.isError && <Alert severity="error">{errorText(removeArtwork.error)}</Alert>}

      <ConfirmDialog
        open={removing}
        title="Remove this item?"
        confirmLabel="Remove item"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onClose={() => setRemoving(false)}
        onConfirm={() => remove.mutate(item.id, { onSuccess: () => setRemoving(false) })}
      >
        {item.product_name}, {itemLine(item)}, and its artwork will be removed from the basket.
      </ConfirmDialog>
    </Paper>
  );
}
