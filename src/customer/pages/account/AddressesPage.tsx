import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedAddress } from '../../../shared/api/addresses';
import { useAddresses, useDeleteAddress, useMakeDefault } from '../../api/addresses';
import { ListFooter, ListSearch } from '../../components/ListControls';
import { PageFrame } from '../../components/PageFrame';
import { errorText, LoadFailed, Loading } from '../../components/QueryStates';
import { ConfirmDialog } from '../orders/orderItemViews';
import { AddressDialog } from './AddressDialog';
import { ImportAddressesDialog } from './ImportAddressesDialog';

const PER_PAGE = 20;

const nameOf = (a: SavedAddress) => `${a.firstname} ${a.lastname}`.trim();

function AddressCard({ address, onEdit, onDelete }: { address: SavedAddress; onEdit: () => void; onDelete: () => void }) {
  const makeDefault = useMakeDefault();
  const headingId = useId();
  const lines = [address.address1, address.address2, address.town, address.county, address.postcode, address.country_name].filter(Boolean);
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
            {nameOf(address)}
          </Typography>
          {address.company_name && <Typography sx={{ overflowWrap: 'anywhere' }}>{address.company_name}</Typography>}
        </Box>
        {address.is_default && <Chip size="small" color="primary" label="Default" />}
      </Stack>
      <Typography component="address" sx={{ fontStyle: 'normal', mt: 1, overflowWrap: 'anywhere' }}>
        {lines.join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {[address.telephone, address.email].filter(Boolean).join(' · ')}
      </Typography>
      <Stack direction="row" sx={{ mt: 'auto', pt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" onClick={onEdit} aria-label={`Edit ${nameOf(address)}`}>
          Edit
        </Button>
        {!address.is_default && (
          <Button
            size="small"
            onClick={() => !makeDefault.isPending && makeDefault.mutate(address.id)}
            aria-disabled={makeDefault.isPending || undefined}
            aria-label={`Make ${nameOf(address)} the default`}
          >
            {makeDefault.isPending ? 'Please wait…' : 'Make default'}
          </Button>
        )}
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${nameOf(address)}`}>
          Delete
        </Button>
      </Stack>
      {makeDefault.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(makeDefault.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** /account/addresses: the customer's saved delivery addresses, searched, added, edited, deleted, one the default, imported from a CSV. */
export default function AddressesPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const q = search.get('q') ?? '';
  const list = useAddresses({ q, page, per_page: PER_PAGE });
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const openNew = () => {
    setNote(null);
    setEditing('new');
  };
  const openImport = () => {
    setNote(null);
    setImportOpen(true);
  };
  const actions = (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" onClick={openNew}>
        Add an address
      </Button>
      <Button variant="outlined" onClick={openImport}>
        Import CSV
      </Button>
    </Stack>
  );

  let body;
  if (list.isPending) body = <Loading label="Loading your addresses…" />;
  else if (list.isError) body = <LoadFailed what="Your addresses" error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.data.length === 0 && !q) {
    body = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="h3" component="h2">
          No saved addresses yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Save the addresses you send to often (your clients, your branches) and pick them when you start an order.
        </Typography>
        <Stack direction="row" sx={{ mt: 2, gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={openNew}>
            Add your first address
          </Button>
          <Button variant="outlined" onClick={openImport}>
            Import a CSV file
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    const found = list.data;
    body = (
      <>
        <ListSearch label="Search by name, company, town or postcode" initial={q} onSearch={(words) => setSearch(words ? { q: words } : {})} />
        <Typography
          variant="h2"
          component="h2"
          ref={listHeading}
          tabIndex={-1}
          sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
        >
          Saved addresses
        </Typography>
        {found.data.length === 0 ? (
          <Box sx={{ py: 2 }}>
            <Typography>No saved address matches “{q}”.</Typography>
            <Button sx={{ mt: 1 }} onClick={() => setSearch({})}>
              Show all addresses
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {found.data.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                onEdit={() => {
                  setNote(null);
                  setEditing(address);
                }}
                onDelete={() => {
                  remove.reset();
                  setDeleting(address);
                }}
              />
            ))}
          </Box>
        )}
        <ListFooter
          total={found.total}
          noun="address"
          plural="addresses"
          page={page}
          perPage={PER_PAGE}
          onPage={(next) => setSearch({ ...(q ? { q } : {}), page: String(next) })}
        />
      </>
    );
  }

  return (
    <PageFrame intro="The addresses you deliver to: pick one when you start an order. The default is filled in for you." actions={actions}>
      {note && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNote(null)}>
          {note}
        </Alert>
      )}
      {body}
      <AddressDialog
        open={editing !== null}
        address={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setNote(`${editing === 'new' ? 'Saved' : 'Updated'} the address of ${nameOf(saved)}.`);
        }}
      />
      <ImportAddressesDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(count) => {
          setImportOpen(false);
          setNote(`Imported ${count} address${count === 1 ? '' : 'es'}.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the address of ${nameOf(deleting)}?` : 'Delete this address?'}
        confirmLabel="Delete address"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        fallbackFocus={() => listHeading.current}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (gone) => {
              setDeleting(null);
              setNote(`Deleted the address of ${nameOf(gone)}. Orders already sent there keep their address.`);
            },
          })
        }
      >
        {deleting && [deleting.company_name, deleting.address1, deleting.town, deleting.postcode].filter(Boolean).join(', ')}
      </ConfirmDialog>
    </PageFrame>
  );
}
