import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ADDRESS_IMPORT_COLUMNS, ADDRESS_IMPORT_MAX_ROWS, type AddressImport } from '../../../shared/api/addresses';
import { apiErrors } from '../../../shared/http';
import { useImportAddresses } from '../../api/addresses';
import { errorText } from '../../components/QueryStates';

const plural = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 'es'}`;

/** The preview: each good row as it will be saved, each bad row with what is wrong with it. */
function Preview({ result }: { result: AddressImport }) {
  return (
    <>
      <Typography sx={{ mt: 2 }} role="status">
        {result.rows.toLocaleString('en-GB')} row{result.rows === 1 ? '' : 's'} read: {plural(result.good.length, 'address')} can be imported
        {result.errors.length ? `, ${result.errors.length} row${result.errors.length === 1 ? '' : 's'} cannot` : ''}.
      </Typography>
      {result.errors.length > 0 && (
        <>
          <Typography variant="h4" component="h3" sx={{ mt: 2 }} id="import-errors-heading">
            Rows that will not be imported
          </Typography>
          <Paper variant="outlined" sx={{ overflowX: 'auto', mt: 1 }}>
            <Table size="small" aria-labelledby="import-errors-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>What is wrong</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((e) => (
                  <TableRow key={e.row}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
      {result.good.length > 0 && (
        <>
          <Typography variant="h4" component="h3" sx={{ mt: 2 }} id="import-good-heading">
            Addresses to import
          </Typography>
          <Paper variant="outlined" sx={{ overflowX: 'auto', mt: 1 }}>
            <Table size="small" aria-labelledby="import-good-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Address</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.good.map(({ row, address: a }) => (
                  <TableRow key={row}>
                    <TableCell>{row}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {a.firstname} {a.lastname}
                      {a.company_name ? `, ${a.company_name}` : ''}
                      {a.is_default ? ' (default)' : ''}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{[a.address1, a.town, a.postcode, a.country_name].filter(Boolean).join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </>
  );
}

/**
 * "Import CSV": choose a file, see what would be imported (nothing is stored yet) and each bad row's
 * message, then "Import N addresses" stores the good rows at once.
 */
export function ImportAddressesDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (count: number) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<AddressImport | null>(null);
  const importing = useImportAddresses();
  const inputId = useId();
  const fileProblem = importing.isError ? apiErrors(importing.error)?.errors.file : undefined;
  const failure = importing.isError && !fileProblem ? errorText(importing.error, 'The file could not be read. Please try again.') : null;

  const close = () => {
    if (importing.isPending) return;
    setFile(null);
    setPreview(null);
    importing.reset();
    onClose();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    importing.reset();
    if (chosen) importing.mutate({ file: chosen, apply: false }, { onSuccess: setPreview });
  };
  const apply = () => {
    if (!file || importing.isPending) return;
    importing.mutate(
      { file, apply: true },
      {
        onSuccess: (result) => {
          setFile(null);
          setPreview(null);
          importing.reset();
          onImported(result.good.length);
        },
      },
    );
  };
  const count = preview?.good.length ?? 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby="import-dialog-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="import-dialog-title">Import addresses from a CSV file</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          A header row names the columns (any order, any case): {ADDRESS_IMPORT_COLUMNS.join(', ')}. The country is an ISO code such as GB or its name; without
          one, the address is in the United Kingdom. At most {ADDRESS_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows; row 1 is the first row under the header.
          Nothing is saved until you press Import.
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" component="label" htmlFor={inputId}>
            {file ? 'Choose another file' : 'Choose a CSV file'}
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-describedby={fileProblem ? `${inputId}-problem` : undefined}
              onChange={(event) => {
                choose(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
          </Button>
          {file && (
            <Typography component="span" sx={{ ml: 1, overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
          )}
        </Box>
        {importing.isPending && !preview && (
          <Typography sx={{ mt: 2 }} role="status">
            Reading the file…
          </Typography>
        )}
        {fileProblem && (
          <Alert severity="error" sx={{ mt: 2 }} id={`${inputId}-problem`}>
            {fileProblem}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {preview && <Preview result={preview} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={apply} disabled={count === 0} aria-disabled={importing.isPending || undefined}>
          {importing.isPending && preview ? 'Importing…' : `Import ${plural(count, 'address')}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
