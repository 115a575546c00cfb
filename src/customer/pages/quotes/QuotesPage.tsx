import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QuoteSummary } from '../../../shared/api/quotes';
import { formatDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { formatPence } from '../../../shared/domain/pricing/format';
import { saveBlob, SaveFileButton } from '../../../shared/ui/download';
import { fetchQuotePdf, PdfRefused, useOrderQuote, useQuotes } from '../../api/quotes';
import { ListFooter } from '../../components/ListControls';
import { PageFrame } from '../../components/PageFrame';
import { errorText, ListStates } from '../../components/QueryStates';
import { route } from '../../paths';

const PER_PAGE = 20;

/** The PDF for the customer's own client: a markup field, and the download; a refusal is shown beside the field. */
function ClientPdf({ quote }: { quote: QuoteSummary }) {
  const [markup, setMarkup] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const inputId = useId();

  const download = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    setFailed(null);
    fetchQuotePdf(quote.id, { markup })
      .then((blob) => saveBlob(blob, `${quote.number}-client.pdf`))
      .catch((error: unknown) => {
        if (error instanceof PdfRefused) {
          if (error.errors.markup) setFieldError(error.errors.markup);
          else setFailed(error.message);
        } else setFailed(errorText(error, 'The PDF could not be downloaded. Please try again.'));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Box component="form" onSubmit={download} noValidate aria-label={`PDF of ${quote.number} for your client`}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          id={inputId}
          size="small"
          label="Your markup %"
          value={markup}
          onChange={(e) => setMarkup(e.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? '0–500, on every price your client sees'}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': `${inputId}-helper-text` } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="medium"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Download aria-hidden />}
        >
          PDF for my client
        </Button>
      </Stack>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failed}
        </Alert>
      )}
    </Box>
  );
}

function QuoteCard({ quote }: { quote: QuoteSummary }) {
  const navigate = useNavigate();
  const order = useOrderQuote();
  const headingId = useId();
  const place = () => {
    if (order.isPending) return;
    order.mutate({ id: quote.id, atTodaysPrices: quote.expired }, { onSuccess: (basket) => navigate(route('create.items', { id: basket.id })) });
  };
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2" id={headingId}>
            {quote.number}
            {quote.ref ? (
              <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
                {quote.ref}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Saved {formatDate(ukToday(new Date(quote.created_at)))} by {quote.placed_by.name || 'a former member'} ·{' '}
            {quote.expired ? `expired on ${formatDate(quote.valid_until)}` : `valid until ${formatDate(quote.valid_until)}`}
          </Typography>
          <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{quote.items_summary}</Typography>
        </Box>
        <Stack sx={{ alignItems: { sm: 'flex-end' }, flexShrink: 0 }}>
          <Typography variant="h4" component="p">
            {formatPence(quote.total)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            incl. VAT and delivery
          </Typography>
          <Chip
            size="small"
            sx={{ mt: 0.5, alignSelf: { xs: 'flex-start', sm: 'flex-end' } }}
            color={quote.expired ? 'default' : 'success'}
            variant="outlined"
            label={quote.expired ? 'Expired' : 'Valid'}
          />
        </Stack>
      </Stack>
      {quote.expired && (
        <Alert severity="info" sx={{ mt: 2 }}>
          This quote expired on {formatDate(quote.valid_until)}: ordering it now uses today’s prices.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ mt: 2, gap: 2, alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <SaveFileButton variant="outlined" size="medium" fetchFile={() => fetchQuotePdf(quote.id, null)} name={`${quote.number}.pdf`}>
            PDF for us
          </SaveFileButton>
          <ClientPdf quote={quote} />
        </Stack>
        <Box>
          <Button variant="contained" onClick={place} aria-disabled={order.isPending || undefined}>
            {order.isPending ? 'Making your basket…' : quote.expired ? 'Order at today’s prices' : 'Order this quote'}
          </Button>
          {order.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorText(order.error, 'The quote could not be ordered. Please try again.')}
            </Alert>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/** /quotes: the customer's saved quotes, to download (for them, or for their client with a markup) and to order. */
export default function QuotesPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const quotes = useQuotes({ page, per_page: PER_PAGE });
  return (
    <PageFrame intro="Baskets you saved as quotes. Each holds its prices until its last day; send it to your client under your own name, with your markup.">
      <ListStates query={quotes} loading="Loading your quotes…" what="Your quotes" empty="You have no saved quotes yet: in a basket, press “Save as quote”.">
        {(found) => (
          <>
            {found.data.map((quote) => (
              <QuoteCard key={quote.id} quote={quote} />
            ))}
            <ListFooter total={found.total} noun="quote" page={page} perPage={PER_PAGE} onPage={(next) => setSearch({ page: String(next) })} />
          </>
        )}
      </ListStates>
      {quotes.data?.data.length === 0 && (
        <Button component={RouterLink} to={route('create.index')} variant="outlined" sx={{ mt: 1 }}>
          Start a basket
        </Button>
      )}
    </PageFrame>
  );
}
